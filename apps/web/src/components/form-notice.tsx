import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";

export interface Notice {
  kind: "success" | "error";
  text: string;
}

/** A form's success or error message, announced to screen readers. */
export function FormNotice({ notice, id }: { notice: Notice | null | undefined; id?: string }) {
  if (!notice) return null;
  const error = notice.kind === "error";
  return (
    <Alert id={id} variant={error ? "destructive" : "success"}>
      {error ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
      <AlertDescription>{notice.text}</AlertDescription>
    </Alert>
  );
}
