import {
  EMAIL_LOCALES,
  type EmailLocale,
  errorCodes,
  reminderErrorCodes,
  reminderMessages,
} from "@recoup/contracts";
import { useState } from "react";
import { toast } from "sonner";

import { QueryErrorState } from "@/components/data-states";
import { SectionCard } from "@/components/section-card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useReminderSettings } from "@/features/reminders/api/get-reminder-settings";
import { useSaveReminderSettings } from "@/features/reminders/api/save-reminder-settings";
import { EnableRemindersDialog } from "@/features/reminders/components/enable-reminders-dialog";
import { EscalationSetting } from "@/features/reminders/components/escalation-setting";
import {
  type ReminderSchedule,
  ReminderScheduleForm,
} from "@/features/reminders/components/reminder-schedule-form";
import { RemindersOnHold } from "@/features/reminders/components/reminders-on-hold";
import { reminderStatusLine } from "@/features/reminders/utils/reminder-texts";
import { isApiError } from "@/lib/http";

/**
 * 'Automatic Reminders': the switch (off for a new company; turning it on shows what would go out,
 * then asks to confirm), the send time and weekdays, and why sending is held back, if it is.
 */
export function AutomaticRemindersCard({ companyId }: { companyId: string }) {
  const settings = useReminderSettings(companyId);
  const save = useSaveReminderSettings();
  const [confirming, setConfirming] = useState(false);

  if (settings.isPending) {
    return <Skeleton className="h-64 w-full rounded-xl" aria-hidden="true" />;
  }
  if (settings.isError) return <QueryErrorState title="Failed to load reminder settings" query={settings} />;
  const stored = settings.data;
  const { sendTime, weekdaysOnly, timezone, locale } = stored;
  // A locale stored before the list of choices existed reads as the default.
  const schedule = {
    sendTime,
    weekdaysOnly,
    timezone,
    locale: (EMAIL_LOCALES as readonly string[]).includes(locale) ? (locale as EmailLocale) : "en-US",
  } satisfies ReminderSchedule;

  function saveSettings(
    values: {
      enabled: boolean;
      attachInvoicePdf?: boolean;
      escalateFrom?: number | null;
      combineReminders?: boolean;
    } & ReminderSchedule,
    success: string,
    confirm = false,
  ) {
    save.mutate(
      { companyId, ...values, ...(confirm ? { confirm: true } : {}) },
      {
        onSuccess: () => {
          toast.success(success);
          setConfirming(false);
        },
        onError: (error) => {
          // The preview went stale (or was never seen): show it again rather than failing.
          if (isApiError(error, 409, reminderErrorCodes.confirmationRequired)) return setConfirming(true);
          toast.error(
            isApiError(error, 400, errorCodes.validation) ? error.message : reminderMessages.saveFailed,
          );
        },
      },
    );
  }

  return (
    <SectionCard
      id="automatic-reminders-title"
      title="Automatic Reminders"
      description="Recoup emails each unpaid invoice's customer at every stage, once, at your send time."
      contentClassName="grid gap-5"
    >
      <div className="flex items-start gap-3">
        <Switch
          id="reminders-enabled"
          checked={stored.enabled}
          disabled={save.isPending}
          aria-describedby="reminders-enabled-status"
          onCheckedChange={(on) => {
            if (on) setConfirming(true);
            else saveSettings({ enabled: false, ...schedule }, "Automatic reminders are off.");
          }}
        />
        <div className="grid gap-1">
          <Label htmlFor="reminders-enabled">Send reminders automatically</Label>
          <p
            id="reminders-enabled-status"
            className="text-muted-foreground text-sm"
            data-testid="reminders-status"
          >
            {reminderStatusLine(stored)}
          </p>
        </div>
      </div>
      {onOffSettings.map(({ key, ...setting }) => (
        <SettingSwitch
          key={key}
          {...setting}
          checked={stored[key]}
          disabled={save.isPending}
          onChange={(on) =>
            saveSettings({ enabled: stored.enabled, ...schedule, [key]: on }, reminderMessages.saved)
          }
        />
      ))}
      <EscalationSetting
        value={stored.escalateFrom}
        disabled={save.isPending}
        onChange={(escalateFrom) =>
          saveSettings({ enabled: stored.enabled, ...schedule, escalateFrom }, reminderMessages.saved)
        }
      />
      <RemindersOnHold companyId={companyId} />
      <ReminderScheduleForm
        key={`${sendTime}|${weekdaysOnly}|${timezone}|${locale}`}
        stored={schedule}
        saving={save.isPending}
        onSave={(next) => saveSettings({ enabled: stored.enabled, ...next }, reminderMessages.saved)}
      />
      <EnableRemindersDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!save.isPending) setConfirming(open);
        }}
        companyId={companyId}
        sendTime={sendTime}
        weekdaysOnly={weekdaysOnly}
        confirming={save.isPending}
        onConfirm={() => saveSettings({ enabled: true, ...schedule }, "Automatic reminders are on.", true)}
      />
    </SectionCard>
  );
}

/** The settings that are on or off, under the main switch. */
const onOffSettings = [
  {
    key: "attachInvoicePdf",
    id: "reminders-attach-pdf",
    label: "Attach the invoice PDF",
    hint: "Each reminder carries the invoice as QuickBooks prints it. If QuickBooks does not send it in time, the reminder goes without it and its thread says so.",
  },
  {
    key: "combineReminders",
    id: "reminders-combine",
    label: "Combine a customer's reminders into one email",
    hint: "When several of a customer's invoices are due a reminder the same day, one email lists them all with totals per currency, written from the most overdue invoice's template.",
  },
] as const;

/** A reminder setting that is on or off: its switch, its label and what it does. */
function SettingSwitch(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${props.id}-hint`}
        onCheckedChange={props.onChange}
      />
      <div className="grid gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-muted-foreground text-sm">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
