import type { PlannedReminderRow } from "@recoup/contracts";

import { CustomerLink } from "@/components/customer-link";
import { StageBadge } from "@/features/reminders/components/stage-badge";
import { formatDate, formatMoney } from "@/lib/format";

const invoiceLabel = (row: PlannedReminderRow) => (row.docNumber ? `#${row.docNumber}` : "(no number)");

/** One planned reminder: to whom, for which invoice, which stage, how much. */
function PlannedReminder({
  row,
  showDate,
  links,
}: {
  row: PlannedReminderRow;
  showDate: boolean;
  links: boolean;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm">
          {links ? (
            <CustomerLink customerRef={row.customerRef} name={row.customerName} className="font-medium" />
          ) : (
            <span className="font-medium">{row.customerName}</span>
          )}
          <span className="text-muted-foreground"> · Invoice {invoiceLabel(row)}</span>
        </p>
        <p className="text-muted-foreground truncate text-xs">
          {showDate ? (
            <>
              <time dateTime={row.date}>{formatDate(row.date)}</time>
              {" · "}
            </>
          ) : null}
          {row.email}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="grid justify-items-end gap-0.5">
          <StageBadge stage={row.stage} label={row.stageName} />
          <span className="text-muted-foreground text-[0.6875rem]" data-testid="planned-schedule">
            {row.schedule}
          </span>
        </span>
        <span className="text-sm font-medium tabular-nums">
          {formatMoney(row.balanceCents, row.currency)}
        </span>
      </div>
    </li>
  );
}

/**
 * Planned reminders, one line each. `groupByDate` puts them under a heading per day (the
 * upcoming 14 days); otherwise one list named `label`, each line with its date when `showDate`.
 */
export function PlannedRemindersList({
  rows,
  label,
  groupByDate = false,
  showDate = false,
  links = true,
}: {
  rows: PlannedReminderRow[];
  label: string;
  groupByDate?: boolean;
  showDate?: boolean;
  /** Customer names link to their page (not inside a dialog that asks to confirm). */
  links?: boolean;
}) {
  if (!groupByDate) {
    return (
      <ul aria-label={label} className="divide-y">
        {rows.map((row) => (
          <PlannedReminder
            key={`${row.invoiceId}:${row.stage}:${row.cycle}`}
            row={row}
            showDate={showDate}
            links={links}
          />
        ))}
      </ul>
    );
  }
  const days = new Map<string, PlannedReminderRow[]>();
  for (const row of rows) days.set(row.date, [...(days.get(row.date) ?? []), row]);
  return (
    <div className="grid gap-5">
      {[...days].map(([date, dayRows]) => (
        <section key={date} aria-labelledby={`upcoming-${date}`} className="grid gap-2">
          <h3
            id={`upcoming-${date}`}
            className="text-muted-foreground text-xs font-medium tracking-wide uppercase"
          >
            <time dateTime={date}>{formatDate(date)}</time>
          </h3>
          <ul className="divide-y">
            {dayRows.map((row) => (
              <PlannedReminder
                key={`${row.invoiceId}:${row.stage}:${row.cycle}`}
                row={row}
                showDate={false}
                links={links}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
