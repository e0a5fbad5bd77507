import { MAX_TAG_LENGTH, MAX_TAGS } from "@recoup/contracts";
import { PlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * Tags as removable badges and a field to add one (Enter or 'Add tag'); a tag already there,
 * whatever its case, is not added twice. It holds no form of its own, so it can sit in one.
 */
export function TagListEditor({
  tags,
  onChange,
  disabled,
  label,
  empty,
}: {
  tags: readonly string[];
  /** The new list; call `done` once it is kept, to clear the field. */
  onChange: (next: string[], done: () => void) => void;
  disabled?: boolean;
  /** Names the list and the field: "Tags". */
  label: string;
  empty: string;
}) {
  const [text, setText] = useState("");
  const fieldId = useId();
  const full = tags.length >= MAX_TAGS;

  function add() {
    const tag = text.trim();
    if (!tag) return;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return setText("");
    // Cleared once kept, unless something else was typed meanwhile (the save can take a moment).
    onChange([...tags, tag], () => setText((current) => (current.trim() === tag ? "" : current)));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  }

  return (
    <div className="grid gap-3">
      {tags.length === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="h-7 gap-1 pr-1 pl-2.5 text-sm">
                {tag}
                <button
                  type="button"
                  className="hover:bg-foreground/10 focus-visible:ring-ring/50 rounded-sm p-0.5 outline-none focus-visible:ring-[3px]"
                  aria-label={`Remove tag ${tag}`}
                  disabled={disabled}
                  onClick={() =>
                    onChange(
                      tags.filter((t) => t !== tag),
                      () => {},
                    )
                  }
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={fieldId} className="sr-only">
          New tag
        </label>
        <Input
          id={fieldId}
          value={text}
          maxLength={MAX_TAG_LENGTH}
          placeholder={full ? `At most ${MAX_TAGS} tags` : "New tag"}
          disabled={full}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" disabled={full || disabled || !text.trim()} onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add tag
        </Button>
      </div>
    </div>
  );
}
