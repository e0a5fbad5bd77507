import { EMAIL_LOCALES, type EmailLocale, sendTimeSchema } from "@recoup/contracts";
import { useMemo, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { timeZoneOptions } from "@/lib/time-zones";

export interface ReminderSchedule {
  sendTime: string;
  weekdaysOnly: boolean;
  timezone: string;
  locale: EmailLocale;
}

/** "English (United States) — $1,234.56, June 12, 2026": what a locale does to a reminder. */
function localeLabel(locale: string) {
  let name = locale;
  try {
    name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  } catch {
    // The code itself is shown.
  }
  const money = new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(1234.56);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, 5, 12)),
  );
  return `${name[0]!.toUpperCase()}${name.slice(1)}: ${money}, ${date}`;
}

/**
 * 'Send time' (the day's window opens then and closes at 18:00), 'Weekdays only', the company's
 * time zone and how its emails write money and dates, saved together.
 */
export function ReminderScheduleForm({
  stored,
  saving,
  onSave,
}: {
  stored: ReminderSchedule;
  saving: boolean;
  onSave: (schedule: ReminderSchedule) => void;
}) {
  const [sendTime, setSendTime] = useState(stored.sendTime);
  const [weekdaysOnly, setWeekdaysOnly] = useState(stored.weekdaysOnly);
  const [timezone, setTimezone] = useState(stored.timezone);
  const [locale, setLocale] = useState(stored.locale);
  const zones = useMemo(() => timeZoneOptions(stored.timezone), [stored.timezone]);
  const locales = useMemo(() => EMAIL_LOCALES.map((code) => ({ code, label: localeLabel(code) })), []);
  const parsed = sendTimeSchema.safeParse(sendTime);
  const error = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? "Enter a time");
  const dirty =
    sendTime !== stored.sendTime ||
    weekdaysOnly !== stored.weekdaysOnly ||
    timezone !== stored.timezone ||
    locale !== stored.locale;

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!error && dirty) onSave({ sendTime, weekdaysOnly, timezone, locale });
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="reminder-send-time">Send time</Label>
        <Input
          id="reminder-send-time"
          type="time"
          step={60}
          max="17:59"
          value={sendTime}
          onChange={(event) => setSendTime(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`reminder-send-time-hint${error ? " reminder-send-time-error" : ""}`}
          disabled={saving}
          className="dark:[color-scheme:dark]"
        />
      </div>
      <div className="flex h-9 items-center gap-3">
        <Switch
          id="reminder-weekdays-only"
          checked={weekdaysOnly}
          onCheckedChange={setWeekdaysOnly}
          disabled={saving}
        />
        <Label htmlFor="reminder-weekdays-only">Weekdays only</Label>
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="reminder-timezone">Time zone</Label>
        <NativeSelect
          id="reminder-timezone"
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
          disabled={saving}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="reminder-locale">Money and dates in emails</Label>
        <NativeSelect
          id="reminder-locale"
          value={locale}
          onChange={(event) => setLocale(event.target.value as EmailLocale)}
          disabled={saving}
        >
          {locales.map(({ code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={saving || !dirty || Boolean(error)}>
        {saving ? "Saving..." : "Save schedule"}
      </Button>
      <p id="reminder-send-time-hint" className="text-muted-foreground text-xs sm:col-span-3">
        In your company's time zone ({stored.timezone}). Reminders go out from the send time until 18:00
        {weekdaysOnly ? ", Monday to Friday; one falling on a weekend waits for Monday." : ", every day."}
      </p>
      {error ? (
        <p id="reminder-send-time-error" role="alert" className="text-destructive text-sm sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}
