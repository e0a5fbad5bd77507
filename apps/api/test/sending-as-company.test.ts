/**
 * Sending as the company (decision 0022): the DKIM key and the record to publish, 'Check DNS'
 * (a fake resolver answers), and once verified a reminder From the company's address, signed (the
 * signature checked as a receiver would, against the published key), `Sender` and the envelope
 * Recoup's, the Message-ID on the company's domain, `Auto-Submitted` only on automatic reminders.
 */
import { generateKeyPairSync } from "node:crypto";
import { apiPaths } from "@recoup/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { checkSendingDns, sendingAs, sendingDns, type TxtResolver } from "../src/modules/sending/index.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { addressOf, createMailer } from "./internals.ts";
import { verifyDkim } from "./kit/dkim-verify.ts";

const { world, get, post, takeInvoice, sendReminder } = communicationsWorld();

const DOMAIN = "acme-billing.example";
const notFound = () => Object.assign(new Error("queryTxt ENOTFOUND"), { code: "ENOTFOUND" });

/** A DNS that answers these TXT records (each a list of chunks, as resolveTxt answers). */
const fakeDns =
  (records: Record<string, string[][]>): TxtResolver =>
  async (name) => {
    const found = records[name];
    if (!found) throw notFound();
    return found;
  };

const original = sendingDns.resolver;
afterEach(() => {
  sendingDns.resolver = original;
});

const put = (body: Record<string, unknown>) =>
  world().call("PUT", apiPaths.sending.settings, {
    token: world().user.token,
    body: { companyId: world().user.companyId, ...body },
  });

const rawOf = async (id: string) =>
  Buffer.from(await (await fetch(`${world().t.mailbox.inboxUrl}/api/messages/${id}/raw`)).arrayBuffer());

/** The record's value, split into 255-character chunks as DNS hosts store long TXT records. */
const chunks = (value: string) => value.match(/.{1,255}/g)!;

describe("Check DNS", () => {
  it("says what is missing, what is wrong, and verifies once the DKIM record carries the key", async () => {
    const saved = await put({ address: `billing@${DOMAIN}` });
    expect(saved.status, saved.text).toBe(200);
    const sending = saved.json.data.sending;
    expect(sending).toMatchObject({
      address: `billing@${DOMAIN}`,
      domain: DOMAIN,
      selector: "recoup",
      verified: false,
      record: { name: `recoup._domainkey.${DOMAIN}`, type: "TXT" },
    });
    expect(sending.record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);

    sendingDns.resolver = fakeDns({});
    const none = await post(apiPaths.sending.checkDns, {});
    expect(none.status, none.text).toBe(200);
    expect(none.json.data.dns).toMatchObject({
      spf: { state: "missing" },
      dkim: { state: "missing" },
      dmarc: { state: "missing" },
    });
    expect(none.json.data.missing).toHaveLength(3);
    expect(none.json.data.sending.verified).toBe(false);

    const other = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    sendingDns.resolver = fakeDns({
      [DOMAIN]: [["v=spf1 include:_spf.example.net ~all"], ["google-site-verification=x"]],
      [`recoup._domainkey.${DOMAIN}`]: [[`v=DKIM1; k=rsa; p=${other}`]],
      [`_dmarc.${DOMAIN}`]: [["v=DMARC1; rua=mailto:d@acme.example"]],
    });
    const wrong = await post(apiPaths.sending.checkDns, {});
    expect(wrong.json.data.dns).toMatchObject({
      spf: { state: "ok" },
      dkim: { state: "wrong" },
      dmarc: { state: "wrong" },
    });
    expect(wrong.json.data.missing.join(" ")).toMatch(/another key.*no valid policy/);
    expect(wrong.json.data.sending.verified).toBe(false);

    sendingDns.resolver = fakeDns({
      [DOMAIN]: [["v=spf1 include:_spf.example.net ~all"]],
      [`recoup._domainkey.${DOMAIN}`]: [chunks(sending.record.value)],
      [`_dmarc.${DOMAIN}`]: [["v=DMARC1; p=quarantine"]],
    });
    const good = await post(apiPaths.sending.checkDns, {});
    expect(good.json.data.missing).toEqual([]);
    expect(good.json.data.sending.verified).toBe(true);
    expect((await get(apiPaths.sending.settings)).json.data.sending.verified).toBe(true);

    // The same address again keeps the key, and so the verification.
    const again = await put({ address: `accounts@${DOMAIN}` });
    expect(again.json.data.sending).toMatchObject({ verified: true, record: sending.record });
  });

  it("two SPF records are wrong; a DNS failure other than 'not found' answers 502", async () => {
    const spf = await checkSendingDns(
      fakeDns({ [DOMAIN]: [["v=spf1 -all"], ["v=spf1 include:x ~all"]] }),
      DOMAIN,
      "s",
      "k",
    );
    expect(spf.spf.state).toBe("wrong");
    expect(spf.spf.note).toContain("More than one SPF record");
    const missingInclude = await checkSendingDns(
      fakeDns({ [DOMAIN]: [["v=spf1 mx -all"]] }),
      DOMAIN,
      "s",
      "k",
      "include:_spf.smtp.example",
    );
    expect(missingInclude.spf.state).toBe("wrong");

    await put({ address: `billing@${DOMAIN}` });
    sendingDns.resolver = async () => {
      throw Object.assign(new Error("timeout"), { code: "ETIMEOUT" });
    };
    const res = await post(apiPaths.sending.checkDns, {});
    expect(res.status).toBe(502);
    expect(res.json.error.message).toContain("ETIMEOUT");
  });

  it("a pasted key is used; one that is not a key answers 400", async () => {
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs1", format: "pem" })
      .toString();
    const pasted = await put({ address: `billing@${DOMAIN}`, selector: "s2026", privateKey: pem });
    expect(pasted.status, pasted.text).toBe(200);
    expect(pasted.json.data.sending).toMatchObject({ selector: "s2026", verified: false });
    const bad = await put({ address: `billing@${DOMAIN}`, privateKey: "not a key" });
    expect(bad.status).toBe(400);
  });
});

describe("sent as the company", () => {
  it("a person's reminder from a verified domain: From the company, signed, Sender Recoup's, no Auto-Submitted", async () => {
    const saved = await put({ address: `billing@${DOMAIN}`, selector: "recoup" });
    const record = saved.json.data.sending.record;
    sendingDns.resolver = fakeDns({ [record.name]: [chunks(record.value)] });
    expect((await post(apiPaths.sending.checkDns, {})).json.data.sending.verified).toBe(true);

    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} as the company`);
    const mailFrom = addressOf(world().t.ctx.config.mailFrom);
    expect(mail.from).toBe(`billing@${DOMAIN}`);
    expect(mail.headers.sender).toContain(mailFrom);
    expect(mail.envelope.from).toBe(mailFrom);
    expect(mail.headers["message-id"]).toMatch(new RegExp(`@${DOMAIN.replace(/\./g, "\\.")}>$`));
    expect(mail.headers["auto-submitted"]).toBeUndefined();
    const dkim = verifyDkim(await rawOf(mail.id), record.value.split("p=")[1]);
    expect(dkim.reason).toBe("pass");
    expect(dkim.sig?.get("d")).toBe(DOMAIN);
    expect(dkim.sig?.get("s")).toBe("recoup");
    expect(dkim.sig?.get("h")?.toLowerCase()).toContain("from");

    // Tampered in transit: the signature no longer holds.
    const raw = (await rawOf(mail.id))
      .toString("latin1")
      .replace(/^Subject: .*$/m, "Subject: Pay to another account");
    expect(verifyDkim(Buffer.from(raw, "latin1"), record.value.split("p=")[1]).ok).toBe(false);
  });

  it("an automatic reminder carries Auto-Submitted: auto-generated; without a verified domain From stays Recoup's", async () => {
    const saved = await put({ address: `billing@${DOMAIN}` });
    const record = saved.json.data.sending.record;
    sendingDns.resolver = fakeDns({ [record.name]: [chunks(record.value)] });
    await post(apiPaths.sending.checkDns, {});
    const as = (await sendingAs(world().t.ctx, world().user.companyId))!;
    const mailer = createMailer(world().t.ctx.config.smtpUrl!, world().t.ctx.config.mailFrom);
    try {
      const to = "automatic@customer.example";
      await mailer.send({
        to,
        subject: "Automatic reminder",
        text: "Due.",
        html: "<p>Due.</p>",
        fromName: "Acme",
        messageId: `<reminder.auto@${DOMAIN}>`,
        sendAs: { address: as.address, dkim: as.dkim },
        autoGenerated: true,
      });
      const [auto] = await world()
        .t.mailbox.waitFor(to, /Automatic reminder/)
        .then((m) => [m]);
      expect(auto!.headers["auto-submitted"]).toBe("auto-generated");
      expect(verifyDkim(await rawOf(auto!.id), record.value.split("p=")[1]).ok).toBe(true);
    } finally {
      mailer.close();
    }

    sendingDns.resolver = fakeDns({});
    await post(apiPaths.sending.checkDns, {});
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} not verified`);
    expect(mail.from).toBe(addressOf(world().t.ctx.config.mailFrom));
    expect(mail.headers["dkim-signature"]).toBeUndefined();
  });
});
