import { lazy } from "react";

import { LoadingBlocks } from "@/components/loading-blocks";

/** The reminder form, whose editor (Tiptap) loads when a reminder is first written, not with every page. */
export const SendReminderForm = lazy(() =>
  import("@/features/reminders/components/send-reminder-form").then((m) => ({ default: m.SendReminderForm })),
);

/** The form's outline while the editor loads. */
export function ReminderFormSkeleton() {
  return <LoadingBlocks label="Preparing the reminder…" blocks={["h-9 w-full", "h-64 w-full"]} />;
}
