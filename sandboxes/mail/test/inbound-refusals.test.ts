/** What the inbound actions refuse: no inbound address, unknown ids, bad input, own messages. */
import { describe, expect, it } from "vitest";
import { InboundActionError, startMailSandbox } from "../src/index.ts";
import { delivered, env, post, SECRET, sendReminder, useInboundSandboxes } from "./inbound-helpers.ts";

useInboundSandboxes();

describe("refusals", () => {
  it("answers 409 without an inbound address, until one is set", async () => {
    const original = await sendReminder(env.plain);
    for (const kind of ["reply", "out-of-office", "bounce"]) {
      const res = await post(`/api/messages/${original.id}/${kind}`, {}, env.plain);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: "no_inbound",
        message: expect.stringMatching(/^No inbound address is configured/),
      });
    }
    await expect(env.plain.reply(original.id)).rejects.toBeInstanceOf(InboundActionError);
    expect(env.received).toEqual([]);
    expect(env.plain.messages()).toHaveLength(1);

    env.plain.setInbound({ url: env.endpointUrl, secret: SECRET });
    try {
      const result = await env.plain.bounce(original.id);
      expect(result.status).toBe(204);
      await delivered();
    } finally {
      env.plain.setInbound(null);
    }
    expect(() => env.plain.setInbound({ url: "not a url", secret: SECRET })).toThrow(TypeError);
    await expect(
      startMailSandbox({ smtpPort: 0, httpPort: 0, inbound: { url: env.endpointUrl, secret: "" } }),
    ).rejects.toThrow(TypeError);
  });

  it("answers 404 for unknown ids, 405 for other methods, 400 for invalid input", async () => {
    const original = await sendReminder();
    expect((await post("/api/messages/nope/reply", {})).status).toBe(404);
    const get = await fetch(`${env.sandbox.inboxUrl}/api/messages/${original.id}/reply`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");

    const invalid: [string, unknown, string][] = [
      ["out-of-office", { returnDate: "2026-02-30" }, "invalid_returnDate"],
      ["out-of-office", { returnDate: "next week" }, "invalid_returnDate"],
      ["out-of-office", { language: "it" }, "invalid_language"],
      ["bounce", { status: "2.0.0" }, "invalid_status"],
      ["bounce", { diagnostic: "550\r\nX-Evil: 1" }, "invalid_diagnostic"],
      ["reply", { text: 42 }, "invalid_text"],
      ["reply", { from: "not an address" }, "invalid_from"],
      ["reply", [1, 2], "invalid_body"],
    ];
    for (const [kind, body, code] of invalid) {
      const res = await post(`/api/messages/${original.id}/${kind}`, body);
      expect({ kind, status: res.status, code: res.body.error?.code }).toEqual({
        kind,
        status: 400,
        code,
      });
    }
    const badJson = await fetch(`${env.sandbox.inboxUrl}/api/messages/${original.id}/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(badJson.status).toBe(400);
    expect(env.received).toEqual([]);
  });

  it("does not answer messages the sandbox generated itself", async () => {
    const original = await sendReminder();
    const reply = await post(`/api/messages/${original.id}/reply`, {});
    const res = await post(`/api/messages/${reply.body.id}/bounce`, {});
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe("generated_message");
  });
});
