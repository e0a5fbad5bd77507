import { CircleAlertIcon } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { formatDateTime } from "@/lib/format";
import { useReminderSettings } from "@/lib/reminders/get-reminder-settings";

/**
 * Why automatic reminders are held back (the sync before a send failed, say), while they are on
 * and held: shown on Email Templates, the Dashboard and Integrations. Nothing otherwise.
 */
export function RemindersOnHold({ companyId }: { companyId: string }) {
  const settings = useReminderSettings(companyId).data;
  if (!settings?.enabled || !settings.blocked) return null;
  return (
    <Alert variant="destructive" data-testid="reminders-on-hold">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Reminders are on hold</AlertTitle>
      <AlertDescription>
        {settings.blocked.reason} (since{" "}
        {formatDateTime(settings.blocked.at, { timeZone: settings.timezone })}, {settings.timezone})
      </AlertDescription>
    </Alert>
  );
}
