import type { EndHoldRequest, HoldResponse } from "@recoup/contracts";
import type { UseMutationResult } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { toastHoldOutcome } from "@/features/communications/utils/hold-outcome";

/** 'Cancel promise' or 'Resolve dispute': one click, busy until the API answers, then its sentence. */
export function EndHoldButton({
  mutation,
  input,
  label,
  failed,
  variant,
}: {
  mutation: UseMutationResult<HoldResponse, Error, EndHoldRequest>;
  input: EndHoldRequest;
  label: string;
  /** The toast when the call itself failed. */
  failed: string;
  variant?: "default" | "outline";
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      className="w-fit"
      disabled={mutation.isPending}
      onClick={() => toastHoldOutcome(mutation.mutateAsync(input), failed)}
    >
      {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
      {label}
    </Button>
  );
}
