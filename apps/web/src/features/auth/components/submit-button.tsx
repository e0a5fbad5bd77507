import type { ReactNode } from "react";

import { Button } from "@/components/ui/button";

/** An auth form's full-width submit button: disabled, with its busy label, while the request runs. */
export function SubmitButton({
  pending,
  busyLabel,
  children,
}: {
  pending: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? busyLabel : children}
    </Button>
  );
}
