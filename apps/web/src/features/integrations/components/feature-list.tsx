import { CheckIcon } from "lucide-react";

import { IconListItem } from "@/features/integrations/components/icon-list-item";

/** The spec's four features, each with what it means in Recoup. */
const FEATURES = [
  { name: "Invoice Sync", detail: "Open and paid invoices, with balances and due dates." },
  { name: "Customer Management", detail: "Customers and their billing emails, kept in step." },
  { name: "Financial Reports", detail: "Aging and collections figures from your real books." },
  { name: "Real-time Updates", detail: "Changes in QuickBooks reach Recoup as they happen." },
] as const;

export function FeatureList() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="What the integration does">
      {FEATURES.map(({ name, detail }) => (
        <IconListItem
          key={name}
          title={name}
          icon={
            <span className="bg-success/10 text-success mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full">
              <CheckIcon className="size-3.5" aria-hidden="true" />
            </span>
          }
        >
          {detail}
        </IconListItem>
      ))}
    </ul>
  );
}
