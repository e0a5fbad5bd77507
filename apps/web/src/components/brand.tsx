import { cn } from "@/lib/utils";

/** The Recoup mark: a rounded square with an "R". */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "bg-primary text-primary-foreground flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg text-sm font-bold tracking-tight",
        className,
      )}
    >
      R
    </span>
  );
}

export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn("flex items-center gap-2 text-lg font-semibold tracking-tight", className)}>
      <BrandMark />
      Recoup
    </span>
  );
}
