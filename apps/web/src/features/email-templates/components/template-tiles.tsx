import { type TemplateType, templateTileLabels, templateTypes } from "@recoup/contracts";
import {
  CalendarCheckIcon,
  CalendarClockIcon,
  CalendarX2Icon,
  HandshakeIcon,
  type LucideIcon,
} from "lucide-react";

import { SectionCard } from "@/components/section-card";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const tiles: Record<TemplateType, { icon: LucideIcon; when: string }> = {
  before_due_date: { icon: CalendarClockIcon, when: "3 days before the due date" },
  on_due_date: { icon: CalendarCheckIcon, when: "On the due date" },
  after_due_date: { icon: CalendarX2Icon, when: "1 day after, then every follow-up interval" },
  missed_promise: { icon: HandshakeIcon, when: "Once, the day after a promised date passes unpaid" },
};

/**
 * Template Selection: the spec's three tiles and 'Missed Promise'; the chosen one shows a
 * 'Selected' badge.
 */
export function TemplateTiles({
  selected,
  onSelect,
}: {
  selected: TemplateType;
  onSelect: (type: TemplateType) => void;
}) {
  return (
    <SectionCard
      id="template-selection-title"
      title="Template Selection"
      description="Choose the reminder to view or edit."
    >
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {templateTypes.map((type) => {
          const { icon: Icon, when } = tiles[type];
          const isSelected = type === selected;
          return (
            <button
              key={type}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(type)}
              className={cn(
                "flex items-start gap-3 rounded-lg border p-4 text-left transition-colors outline-none",
                "hover:bg-accent/60 focus-visible:ring-ring/50 focus-visible:ring-[3px]",
                isSelected ? "border-primary bg-accent/60 ring-primary/20 ring-1" : "bg-card",
              )}
            >
              <span
                className={cn(
                  "flex size-9 shrink-0 items-center justify-center rounded-md",
                  isSelected ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="grid min-w-0 flex-1 gap-1">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{templateTileLabels[type]}</span>
                  {isSelected ? <Badge>Selected</Badge> : null}
                </span>
                <span className="text-muted-foreground text-xs">{when}</span>
              </span>
            </button>
          );
        })}
      </div>
    </SectionCard>
  );
}
