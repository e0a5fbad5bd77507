import { Loader2Icon } from "lucide-react";
import { useId } from "react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/** A note being written: the text (named for screen readers), then Save and Cancel. */
export function NoteEditor({
  label,
  value,
  onChange,
  maxLength,
  rows,
  saving,
  canSave = true,
  saveLabel,
  savingLabel = saveLabel,
  onSave,
  onCancel,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  saving: boolean;
  canSave?: boolean;
  saveLabel: string;
  savingLabel?: string;
  onSave: () => void;
  onCancel: () => void;
  className?: string;
}) {
  const fieldId = useId();
  return (
    <div className={cn("grid gap-2", className)}>
      <label htmlFor={fieldId} className="sr-only">
        {label}
      </label>
      <Textarea
        id={fieldId}
        value={value}
        maxLength={maxLength}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        autoFocus
      />
      <div className="flex gap-2">
        <Button size="sm" disabled={saving || !canSave} onClick={onSave}>
          {saving ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {saving ? savingLabel : saveLabel}
        </Button>
        <Button size="sm" variant="outline" disabled={saving} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
