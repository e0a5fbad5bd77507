import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { REALM } from "./api.ts";
import { firstOpenInvoice, hook, useControlSandbox, VERIFIER } from "./control-sandbox.ts";

const t = useControlSandbox();
const control = () => t.sandbox.control;

describe("webhooks", () => {
  it("posts Intuit's legacy payload signed with intuit-signature after a change", async () => {
    const customer = control().createCustomer(REALM, { displayName: "Webhook Watchers" });
    const invoice = control().createInvoice(REALM, { customerId: customer.Id as string, amount: 99 });
    await control().flushWebhooks();
    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received as [{ headers: Record<string, unknown>; body: string }];
    expect(headers["intuit-signature"]).toBe(createHmac("sha256", VERIFIER).update(body).digest("base64"));
    expect(headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(headers["user-agent"]).toBe("intuit_notification_server/0.1");
    expect(JSON.parse(body)).toEqual({
      eventNotifications: [
        {
          realmId: REALM,
          dataChangeEvent: {
            entities: [
              {
                name: "Customer",
                id: customer.Id,
                operation: "Create",
                lastUpdated: expect.stringMatching(/[+-]\d{4}$/),
              },
              { name: "Invoice", id: invoice.Id, operation: "Create", lastUpdated: expect.any(String) },
            ],
          },
        },
      ],
    });
  });

  it("retries a failed delivery, and sends CloudEvents when asked", async () => {
    hook.fail = 1;
    const open = await firstOpenInvoice(t);
    control().voidInvoice(REALM, open.Id as string);
    await control().flushWebhooks();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    expect(control().webhookDeliveries().at(-1)).toMatchObject({
      attempts: 2,
      state: "delivered",
      status: 200,
    });
    expect(JSON.parse(hook.received[0]!.body).eventNotifications[0].dataChangeEvent.entities).toContainEqual(
      expect.objectContaining({ name: "Invoice", id: open.Id, operation: "Void" }),
    );

    control().setWebhook({ url: hook.url, verifierToken: VERIFIER, format: "cloudevents", delayMs: 10 });
    try {
      control().deleteInvoice(REALM, open.Id as string);
      await control().flushWebhooks();
      const last = hook.received.at(-1)!;
      expect(last.headers["intuit-signature"]).toBe(
        createHmac("sha256", VERIFIER).update(last.body).digest("base64"),
      );
      expect(JSON.parse(last.body)).toEqual([
        expect.objectContaining({
          specversion: "1.0",
          type: "qbo.invoice.deleted.v1",
          intuitentityid: open.Id,
          intuitaccountid: REALM,
        }),
      ]);
    } finally {
      control().setWebhook({ url: hook.url, verifierToken: VERIFIER, delayMs: 10, retryDelaysMs: [20, 20] });
    }
  });
});
