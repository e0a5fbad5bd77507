import { sendTimeSchema } from "@recoup/contracts";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

export interface ReminderSchedule {
  sendTime: string;
  weekdaysOnly: boolean;
}

/** 'Send time' (the day's window opens then and closes at 18:00) and 'Weekdays only', saved together. */
export function ReminderScheduleForm({
  stored,
  timezone,
  saving,
  onSave,
}: {
  stored: ReminderSchedule;
  timezone: string;
  saving: boolean;
  onSave: (schedule: ReminderSchedule) => void;
}) {
  const [sendTime, setSendTime] = useState(stored.sendTime);
  const [weekdaysOnly, setWeekdaysOnly] = useState(stored.weekdaysOnly);
  const parsed = sendTimeSchema.safeParse(sendTime);
  const error = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? "Enter a time");
  const dirty = sendTime !== stored.sendTime || weekdaysOnly !== stored.weekdaysOnly;

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!error && dirty) onSave({ sendTime, weekdaysOnly });
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
      <Button type="submit" variant="outline" disabled={saving || !dirty || Boolean(error)}>
        {saving ? "Saving..." : "Save schedule"}
      </Button>
      <p id="reminder-send-time-hint" className="text-muted-foreground text-xs sm:col-span-3">
        In your company's time zone ({timezone}). Reminders go out from the send time until 18:00
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
