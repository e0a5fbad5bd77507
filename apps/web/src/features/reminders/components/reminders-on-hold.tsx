import type { ReminderSettingsResponse } from "@recoup/contracts";
import { CircleAlertIcon } from "lucide-react";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useReminderSettings } from "@/features/reminders/api/get-reminder-settings";
import { formatDateTime } from "@/lib/format";

type Block = NonNullable<ReminderSettingsResponse["data"]["blocked"]>;

/** Why automatic reminders are held back (the sync before a send failed, say), and since when. */
export function RemindersOnHoldAlert({ blocked, timezone }: { blocked: Block; timezone: string }) {
  return (
    <Alert variant="destructive" data-testid="reminders-on-hold">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>Reminders are on hold</AlertTitle>
      <AlertDescription>
        {blocked.reason} (since {formatDateTime(blocked.at, { timeZone: timezone })}, {timezone})
      </AlertDescription>
    </Alert>
  );
}

/** The alert from the company's reminder settings, while reminders are on and held back; else nothing. */
export function RemindersOnHold({ companyId }: { companyId: string }) {
  const settings = useReminderSettings(companyId).data;
  if (!settings?.enabled || !settings.blocked) return null;
  return <RemindersOnHoldAlert blocked={settings.blocked} timezone={settings.timezone} />;
}
