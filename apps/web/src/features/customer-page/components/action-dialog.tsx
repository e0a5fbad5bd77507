import { Loader2Icon } from "lucide-react";
import type { FormEvent, ReactNode } from "react";

import { FormNotice } from "@/components/form-notice";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { actionErrorText } from "@/features/customer-page/utils/action-error";

/** What the dialog reads of its mutation. */
export interface ActionState {
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * The promise and dispute forms' dialog: a trigger, a form, the API's refusal above the fields (the
 * inputs stay as typed), Cancel and a submit that spins while sending. It cannot be closed while
 * sending. Once the answer is recorded it closes and focus goes to the confirmation (`noticeId`),
 * since its trigger may be gone (a disputed invoice offers no 'Dispute').
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  submitLabel,
  action,
  noticeId,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; null hides it while the dialog stays mounted to finish. */
  trigger: ReactNode | null;
  title: string;
  description: ReactNode;
  submitLabel: string;
  action: ActionState;
  noticeId: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const onOpen = (next: boolean) => {
    if (action.isPending) return;
    if (next) action.reset();
    onOpenChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action.isPending) onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={onOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        className="max-h-[calc(100svh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!action.isSuccess) return;
          event.preventDefault();
          document.getElementById(noticeId)?.focus();
        }}
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader className="text-left">
            <DialogTitle className="pr-6 leading-snug">{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormNotice notice={action.error ? { kind: "error", text: actionErrorText(action.error) } : null} />
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={action.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" aria-busy={action.isPending || undefined}>
              {action.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
