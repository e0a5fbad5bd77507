import type { CustomerRefQuery } from "@recoup/contracts";
import { toast } from "sonner";

import { SectionCard } from "@/components/section-card";
import { TagListEditor } from "@/components/tag-list-editor";
import { useEditCustomerTags } from "@/features/customers/api/edit-customer-tags";

/** The customer's tags: each removable, and a field to add one; saved at once. */
export function TagsCard({ refQuery, tags }: { refQuery: CustomerRefQuery; tags: string[] }) {
  const mutation = useEditCustomerTags(refQuery);
  return (
    <SectionCard
      id="tags-title"
      title="Tags"
      description={<>Group customers your way (e.g. "VIP", "slow payer").</>}
      contentClassName="grid gap-4"
    >
      <TagListEditor
        label="Tags"
        empty="No tags yet."
        tags={tags}
        disabled={mutation.isPending}
        onChange={(next, done) =>
          mutation.mutate(next, {
            onSuccess: done,
            onError: () => toast.error("Failed to save the tags. Please try again."),
          })
        }
      />
    </SectionCard>
  );
}
