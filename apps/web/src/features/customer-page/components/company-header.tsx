import type { CustomerPage } from "@recoup/contracts";

import { initialOf } from "@/lib/format";

/** Who the invoices are from: the company's picture (when it has one) and its name. */
export function CompanyHeader({ company }: { company: CustomerPage["company"] }) {
  return (
    <header className="flex items-center gap-3">
      {company.picture ? (
        <img
          src={company.picture}
          alt={company.name}
          className="bg-background size-12 shrink-0 rounded-lg border object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="bg-primary text-primary-foreground flex size-12 shrink-0 items-center justify-center rounded-lg text-lg font-semibold"
        >
          {initialOf(company.name)}
        </span>
      )}
      <p className="min-w-0 text-lg font-semibold tracking-tight break-words">{company.name}</p>
    </header>
  );
}
