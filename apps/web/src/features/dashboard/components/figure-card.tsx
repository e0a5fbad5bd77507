import { InfoIcon } from "lucide-react";
import { Link } from "react-router";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Figure } from "@/features/dashboard/utils/figures";
import { cn } from "@/lib/utils";

/** One headline figure: its name, the value, a caption, and how it is worked out. */
export function FigureCard({ figure }: { figure: Figure }) {
  const { key, label, value, caption, formula, detail, tone, captionTo } = figure;
  const titleId = `figure-${key}`;
  return (
    <Card className="gap-2 py-5" role="group" aria-labelledby={titleId} data-figure={key}>
      <CardHeader className="px-5">
        <CardDescription className="flex items-center gap-1.5">
          <h2 id={titleId} className="text-muted-foreground text-sm font-medium">
            {label}
          </h2>
          {detail ? (
            <Tooltip>
              <TooltipTrigger asChild>
                <button
                  type="button"
                  className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 rounded-sm outline-none focus-visible:ring-[3px]"
                  aria-label={`How ${label} is worked out`}
                >
                  <InfoIcon className="size-3.5" aria-hidden="true" />
                </button>
              </TooltipTrigger>
              <TooltipContent className="max-w-xs">{detail}</TooltipContent>
            </Tooltip>
          ) : null}
        </CardDescription>
        <CardTitle
          className={cn(
            "text-2xl font-semibold tabular-nums",
            tone === "danger" && "text-destructive",
            tone === "good" && "text-success",
          )}
        >
          <p data-testid="figure-value">{value}</p>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-5">
        <p className="text-muted-foreground text-xs">
          {captionTo ? (
            <Link to={captionTo} className="hover:text-primary underline underline-offset-4">
              {caption}
            </Link>
          ) : (
            caption
          )}
        </p>
        {formula ? <p className="text-muted-foreground text-xs italic">= {formula}</p> : null}
      </CardContent>
    </Card>
  );
}

export function FigureCardSkeleton() {
  return (
    <Card className="gap-3 py-5">
      <CardHeader className="gap-3 px-5">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-7 w-36" />
      </CardHeader>
      <CardContent className="px-5">
        <Skeleton className="h-3 w-24" />
      </CardContent>
    </Card>
  );
}
