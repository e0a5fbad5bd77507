import type { AppContext } from "../../context.ts";
import type { QboNotification } from "../../integrations/quickbooks/webhooks.ts";
import { enqueueSync } from "../../jobs/qbo-sync.ts";
import { sha256 } from "../../lib/crypto.ts";
import { findConnectionsByRealm } from "./connections.repository.ts";
import { firstTimeEvent } from "./webhook-events.repository.ts";

/** Each notification is handled once and only queues a sync of every company on its realm. */
export async function handleNotifications(ctx: AppContext, notifications: QboNotification[]) {
  for (const n of notifications) {
    if (!n.realmId) continue;
    // Seen-marker and jobs commit together: a failure leaves the event unseen for Intuit's retry.
    await ctx.db.transaction(async (tx) => {
      if (!(await firstTimeEvent(tx, sha256(JSON.stringify(n))))) return;
      for (const conn of await findConnectionsByRealm(tx, n.realmId)) {
        await enqueueSync(ctx, conn.companyId, "incremental", 0, tx);
      }
    });
  }
}
