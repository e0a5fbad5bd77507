import { createHash } from "node:crypto";
import { apiPaths } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inboundFailures } from "../src/db/schema/index.ts";
import {
  appForFile,
  type Caller,
  type CompanyUser,
  composeMail,
  createCompany,
  deliverInbound,
  httpCaller,
} from "./kit/index.ts";

/**
 * Inbound messages the parser cannot read (issue 16, item 2): before, a message of 1,000 MIME parts
 * got no answer at all (mailparser's part limit raised an error nobody heard) and was lost.
 */
const t = appForFile();
let http: Caller;
let user: CompanyUser;
let other: CompanyUser;

beforeAll(async () => {
  http = httpCaller(await t.listen());
  user = await createCompany(t);
  other = await createCompany(t);
});

const replyAddress = (companyId = user.companyId) => t.ctx.replyTokens!.address(companyId, "1042")!;
const compose = (mail: Parameters<typeof composeMail>[0]) =>
  composeMail({ from: "ana@customer.example", to: replyAddress(), ...mail });
/** A customer's reply with `n` attachments after its text: the message of the finding. */
const manyParts = (n: number, subject = "Re: invoice 1042") =>
  compose({
    subject,
    text: "The documents you asked for are attached.",
    attachments: Array.from({ length: n }, (_, i) => ({ filename: `scan-${i}.txt`, content: `page ${i}` })),
  });

/** Posts a raw message over HTTP as the relay does; a request still unanswered after 10 s fails the test. */
async function deliver(raw: Buffer) {
  const started = performance.now();
  const res = await deliverInbound(http, raw, { timeoutMs: 10_000 });
  return { status: res.status, ms: performance.now() - started };
}

const listed = async (u: CompanyUser = user) => {
  const res = await t.call("GET", `${apiPaths.communications.inboundFailures}?companyId=${u.companyId}`, {
    token: u.token,
  });
  expect(res.status).toBe(200);
  return res.json.data as { failures: { id: string; reason: string; detail: string }[]; total: number };
};
const keptRows = (sha256?: string) =>
  sha256
    ? t.ctx.db.select().from(inboundFailures).where(eq(inboundFailures.rawSha256, sha256))
    : t.ctx.db.select().from(inboundFailures);

describe("a message the parser cannot read is answered and kept aside, never lost", () => {
  it("a reply of 1,000 MIME parts is answered in seconds and shown in Communications, with when, why and its bytes", async () => {
    const raw = await manyParts(1000);
    const answer = await deliver(raw);
    expect(answer.status).toBe(204);
    expect(answer.ms).toBeLessThan(5000);

    const { failures, total } = await listed();
    expect(total).toBe(1);
    expect(failures[0]).toMatchObject({
      reason: "too_many_parts",
      detail: "It has more than 500 parts.",
      from: "ana@customer.example",
      subject: "Re: invoice 1042",
      size: raw.length,
    });
    expect(Date.parse((failures[0] as unknown as { receivedAt: string }).receivedAt)).not.toBeNaN();

    const id = failures[0]!.id;
    const download = await t.call(
      "GET",
      `${apiPaths.communications.inboundFailureRaw}?companyId=${user.companyId}&id=${id}`,
      { token: user.token },
    );
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("message/rfc822");
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="message-.+\.eml"$/);
    expect(Buffer.compare(download.raw, raw)).toBe(0);

    // The relay's retry of the same bytes is kept once.
    expect((await deliver(raw)).status).toBe(204);
    expect(await keptRows()).toHaveLength(1);

    // Another company sees none of it.
    expect((await listed(other)).total).toBe(0);
    const theirs = await t.call(
      "GET",
      `${apiPaths.communications.inboundFailureRaw}?companyId=${other.companyId}&id=${id}`,
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    const foreign = await t.call(
      "GET",
      `${apiPaths.communications.inboundFailureRaw}?companyId=${user.companyId}&id=${id}`,
      { token: other.token },
    );
    expect(foreign.status).toBe(403);

    const dismissed = await t.call("POST", apiPaths.communications.dismissInboundFailure, {
      token: user.token,
      body: { companyId: user.companyId, id },
    });
    expect(dismissed.json.data.dismissed).toBe(true);
    expect((await listed()).total).toBe(0);
  });

  it("parts nested too deeply: kept aside as too deep", async () => {
    let raw = `From: ana@customer.example\r\nTo: ${replyAddress()}\r\nSubject: Fwd: Fwd: invoice\r\nMIME-Version: 1.0\r\n`;
    for (let i = 0; i < 40; i++)
      raw += `Content-Type: multipart/mixed; boundary="level${i}"\r\n\r\n--level${i}\r\n`;
    raw += "Content-Type: text/plain\r\n\r\nPaid.\r\n";
    const answer = await deliver(Buffer.from(raw));
    expect(answer.status).toBe(204);
    expect((await listed()).failures[0]).toMatchObject({
      reason: "too_deep",
      detail: "Its parts are nested more than 30 levels deep.",
      subject: "Fwd: Fwd: invoice",
    });
  });

  it("a message that takes longer than the read budget is kept aside as too slow, answered at the budget's end", async () => {
    const raw = await compose({ subject: "Re: statement", text: "line of the statement\n".repeat(200_000) });
    const budget = t.ctx.config.inboundReadTimeoutMs;
    t.ctx.config.inboundReadTimeoutMs = 100;
    try {
      const answer = await deliver(raw);
      expect(answer.status).toBe(204);
      expect(answer.ms).toBeLessThan(5000);
    } finally {
      t.ctx.config.inboundReadTimeoutMs = budget;
    }
    expect((await listed()).failures[0]).toMatchObject({
      reason: "too_slow",
      detail: "Reading it took longer than 100 ms.",
      subject: "Re: statement",
    });
  });

  it("one naming no company of ours is kept without one; a forged reply address writes nothing (403)", async () => {
    const stranger = await manyParts(520, "Hello stranger");
    const strangerRaw = Buffer.from(
      stranger.toString("latin1").replace(replyAddress(), "someone@inbound.test"),
      "latin1",
    );
    expect((await deliver(strangerRaw)).status).toBe(204);
    const [row] = await keptRows(createHash("sha256").update(strangerRaw).digest("hex"));
    expect(row).toMatchObject({ companyId: null, reason: "too_many_parts", subject: "Hello stranger" });

    const forgedAddress = replyAddress().replace(
      /\.([a-z2-7])([a-z2-7]+)@/,
      (_m, c: string, rest: string) => `.${c === "a" ? "b" : "a"}${rest}@`,
    );
    const forged = Buffer.from(
      (await manyParts(520, "Forged")).toString("latin1").replace(replyAddress(), forgedAddress),
      "latin1",
    );
    const before = (await keptRows()).length;
    expect((await deliver(forged)).status).toBe(403);
    expect(await keptRows()).toHaveLength(before);
  });

  it("a message over 25 MB is refused with 413 before it is read (the relay bounces it to its sender)", async () => {
    const raw = Buffer.alloc(25 * 1024 * 1024 + 1, 0x61);
    const res = await deliverInbound(t.call, raw);
    expect(res.status).toBe(413);
  });
});
