import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";

export interface Notice {
  kind: "success" | "error";
  text: string;
}

/** A form's success or error message, announced to screen readers. */
export function FormNotice({ notice }: { notice: Notice | null | undefined }) {
  if (!notice) return null;
  const error = notice.kind === "error";
  return (
    <Alert variant={error ? "destructive" : "success"}>
      {error ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  );
}
