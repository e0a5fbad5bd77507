import { CircleCheckIcon } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { cn } from "@/lib/utils";

/**
 * The API's sentence once a promise or a dispute is recorded, beside what it was about. Focusable
 * (not tabbable): the dialog that sent it moves focus here as it closes, so it is read out.
 */
export function RecordedNotice({
  id,
  message,
  className,
}: {
  id: string;
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert id={id} role="status" tabIndex={-1} variant="success" className={cn("outline-none", className)}>
      <CircleCheckIcon aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
