import type { ReminderPause } from "@recoup/contracts";

import { formatDate } from "@/lib/format";

type Pause = Pick<ReminderPause, "scope" | "reason" | "detail" | "until">;

/**
 * Why reminders are paused, in a few words: a reply waits ('Reply waiting'), the customer is
 * away ('Away until <return date>'), their address bounces ('Email bouncing: <address>'), or a
 * person paused them ('Paused' on an invoice, 'Customer paused' on its customer).
 */
export function pauseText(pause: Pause, locale?: string): string {
  switch (pause.reason) {
    case "reply":
      return "Reply waiting";
    case "away":
      return `Away until ${formatDate(pause.detail ?? pause.until, { locale })}`;
    case "bounce":
      return pause.detail ? `Email bouncing: ${pause.detail}` : "Email bouncing";
    default:
      return pause.scope === "customer" ? "Customer paused" : "Paused";
  }
}
