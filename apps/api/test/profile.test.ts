import { profileMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { appForFile, createCompany, createUser, png } from "./kit/index.ts";

const t = appForFile();

function form(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; name: string; type: string }> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files))
    fd.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return fd;
}

async function update(token: string, fd: FormData) {
  const req = new Request("http://x/", { method: "POST", body: fd });
  const payload = Buffer.from(await req.arrayBuffer());
  return t.call("POST", "/v1/business/settings/update-profile", {
    raw: payload,
    token,
    headers: { "content-type": req.headers.get("content-type")! },
  });
}

describe("profile", () => {
  it("reads the profile and saves name, pictures and a sanitised signature", async () => {
    const u = await createCompany(t);
    const path = `/v1/business/settings/get-profile/${u.companyId}/${encodeURIComponent(u.email)}`;
    const before = await t.call("GET", path, { token: u.token });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      userData: [{ email: u.email, name: "Test User" }],
      profilePic: null,
      companyLogo: null,
    });

    const signature = `<p onclick="steal()">Best, <b>Ada</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>`;
    const res = await update(
      u.token,
      form(
        { userName: "Ada Lovelace", email: u.email, companyId: u.companyId, signature },
        { profilePic: { data: await png(128, 128), name: "me.png", type: "image/png" } },
      ),
    );
    expect(res.status).toBe(200);
    const saved = res.json.data;
    expect(saved.userData[0].name).toBe("Ada Lovelace");
    expect(saved.profilePic).toMatch(/^data:image\/png;base64,/);
    expect(saved.signature).toContain("<b>Ada</b>");
    for (const bad of ["<script", "onclick", "onerror", "javascript:"])
      expect(saved.signature).not.toContain(bad);

    // A base64 logo as a text field works too; the picture stays as it was.
    const logo = `data:image/png;base64,${(await png(64, 32)).toString("base64")}`;
    const again = await update(
      u.token,
      form({
        userName: "Ada Lovelace",
        email: u.email,
        companyId: u.companyId,
        signature: "",
        companyLogo: logo,
      }),
    );
    expect(again.json.data.companyLogo).toMatch(/^data:image\/png;base64,/);
    expect(again.json.data.profilePic).toBe(saved.profilePic);

    const details = await t.call("GET", "/v1/auth/user/details", { token: u.token });
    expect(details.json.data).toMatchObject({ name: "Ada Lovelace", profilePic: saved.profilePic });

    const templates = await t.call(
      "GET",
      `/v1/business/settings/get-template/${u.companyId}/${encodeURIComponent(u.email)}`,
      { token: u.token },
    );
    expect(templates.status).toBe(200);
    const first = templates.json.data[0];
    expect(first.before_due_date).toMatchObject({ name: "Before Due Date Reminder", signature: "" });
    expect(first.followUpInterval).toBe("7");
  });

  it("refuses pictures over 256x256, non-images and oversized uploads, and keeps the old profile", async () => {
    const u = await createCompany(t);
    const fields = { userName: "Changed Name", email: u.email, companyId: u.companyId, signature: "" };
    const big = await update(
      u.token,
      form(fields, { profilePic: { data: await png(300, 200), name: "a.png", type: "image/png" } }),
    );
    expect(big.status).toBe(400);
    expect(big.json.error).toEqual({ code: "IMAGE_TOO_LARGE", message: profileMessages.imageTooLarge });
    const text = await update(
      u.token,
      form(fields, {
        companyLogo: { data: Buffer.from("<svg onload=alert(1)>"), name: "x.png", type: "image/png" },
      }),
    );
    expect(text.status).toBe(400);
    expect(text.json.error.code).toBe("INVALID_IMAGE");
    const huge = await update(
      u.token,
      form(fields, {
        profilePic: { data: Buffer.alloc(2 * 1024 * 1024, 1), name: "h.png", type: "image/png" },
      }),
    );
    expect(huge.status).toBe(413);
    const profile = await t.call(
      "GET",
      `/v1/business/settings/get-profile/${u.companyId}/${encodeURIComponent(u.email)}`,
      { token: u.token },
    );
    expect(profile.json.userData[0].name).toBe("Test User");
  });

  it("refuses another company's id or another user's email, leaking nothing", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const urls = [
      `/v1/business/settings/get-profile/${b.companyId}/${encodeURIComponent(a.email)}`,
      `/v1/business/settings/get-profile/${a.companyId}/${encodeURIComponent(b.email)}`,
      `/v1/business/settings/get-template/${b.companyId}/${encodeURIComponent(b.email)}`,
    ];
    for (const url of urls) {
      const res = await t.call("GET", url, { token: a.token });
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(b.email);
    }
    const res = await update(
      a.token,
      form({ userName: "X", email: a.email, companyId: b.companyId, signature: "" }),
    );
    expect(res.status).toBe(403);
    const bProfile = await t.call(
      "GET",
      `/v1/business/settings/get-profile/${b.companyId}/${encodeURIComponent(b.email)}`,
      { token: b.token },
    );
    expect(bProfile.json.userData[0].name).toBe("Test User");
  });

  it("needs onboarding and a session", async () => {
    const u = await createUser(t);
    const res = await t.call("GET", `/v1/business/settings/get-profile/x/${encodeURIComponent(u.email)}`, {
      token: u.token,
    });
    expect(res.status).toBe(403);
    expect(
      (await t.call("GET", `/v1/business/settings/get-profile/x/${encodeURIComponent(u.email)}`)).status,
    ).toBe(401);
  });
});
