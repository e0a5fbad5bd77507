import type { LucideIcon } from "lucide-react";

/** An honest placeholder: what the page will show, and what it waits for. No fake data. */
export function UpcomingNote({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: string;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <div className="bg-muted flex size-12 items-center justify-center rounded-full">
        <Icon className="text-muted-foreground size-6" aria-hidden="true" />
      </div>
      <h2 className="font-medium">{title}</h2>
      <p className="text-muted-foreground max-w-md text-sm">{children}</p>
    </div>
  );
}
