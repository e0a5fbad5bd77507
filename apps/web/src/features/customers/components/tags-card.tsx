import { type CustomerRefQuery, MAX_TAG_LENGTH, MAX_TAGS } from "@recoup/contracts";
import { PlusIcon, XIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";

import { SectionCard } from "@/components/section-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useEditCustomerTags } from "@/features/customers/api/edit-customer-tags";

/** The customer's tags: each removable, and a field to add one. */
export function TagsCard({ refQuery, tags }: { refQuery: CustomerRefQuery; tags: string[] }) {
  const [text, setText] = useState("");
  const mutation = useEditCustomerTags(refQuery);
  const fieldId = useId();

  const save = (next: string[], done?: () => void) =>
    mutation.mutate(next, {
      onSuccess: done,
      onError: () => toast.error("Failed to save the tags. Please try again."),
    });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = text.trim();
    if (!tag) return;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setText("");
      return;
    }
    save([...tags, tag], () => setText(""));
  };

  const full = tags.length >= MAX_TAGS;
  return (
    <SectionCard
      id="tags-title"
      title="Tags"
      description={<>Group customers your way (e.g. "VIP", "slow payer").</>}
      contentClassName="grid gap-4"
    >
      {tags.length === 0 ? (
        <p className="text-muted-foreground text-sm">No tags yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="h-7 gap-1 pr-1 pl-2.5 text-sm">
                {tag}
                <button
                  type="button"
                  className="hover:bg-foreground/10 focus-visible:ring-ring/50 rounded-sm p-0.5 outline-none focus-visible:ring-[3px]"
                  aria-label={`Remove tag ${tag}`}
                  disabled={mutation.isPending}
                  onClick={() => save(tags.filter((t) => t !== tag))}
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex gap-2">
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
        />
        <Button type="submit" variant="outline" disabled={full || mutation.isPending || !text.trim()}>
          <PlusIcon aria-hidden="true" />
          Add tag
        </Button>
      </form>
    </SectionCard>
  );
}
