import { ImageIcon } from "lucide-react";
import { type ChangeEvent, useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ImageChange } from "@/features/account/api/update-profile";
import { ACCEPT_ATTRIBUTE, validateImage } from "@/features/account/utils/image-file";

interface ImagePickerProps {
  id: string;
  label: string;
  /** The saved picture (a data: URL) or null. */
  current: string | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
  rounded?: boolean;
}

/** A picture's preview and its file picker; a file over 256×256 is refused and not kept. */
export function ImagePicker({ id, label, current, value, onChange, rounded }: ImagePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (value.kind !== "new") {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const shown = value.kind === "new" ? preview : value.kind === "removed" ? null : current;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = await validateImage(file);
    if (problem) {
      setError(problem);
      input.value = "";
      return;
    }
    setError(null);
    onChange({ kind: "new", file });
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div
        className={`bg-muted flex size-20 shrink-0 items-center justify-center overflow-hidden border ${rounded ? "rounded-full" : "rounded-lg"}`}
      >
        {shown ? (
          <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
        ) : (
          <ImageIcon className="text-muted-foreground size-6" aria-hidden="true" />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          onChange={onFile}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="cursor-pointer"
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          PNG, JPEG, GIF or WebP, at most 256×256 pixels.
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        {shown ? (
          <Button
            variant="link"
            size="sm"
            className="text-muted-foreground hover:text-foreground h-auto w-fit px-0"
            onClick={() => {
              setError(null);
              onChange(current ? { kind: "removed" } : { kind: "unchanged" });
            }}
          >
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
