import type { UseMutationResult } from "@tanstack/react-query";
import { useState } from "react";

/**
 * What the promise and dispute forms share: the dialog's open state, whether the fields' errors
 * show yet (from the first submit on), and the send, which closes the dialog and hands the API's
 * sentence on once recorded. `dialog` goes to ActionDialog as it is.
 */
export function useActionForm<Input>(
  action: UseMutationResult<string, Error, Input>,
  onRecorded: (message: string) => void,
) {
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState(false);
  /** Shows the fields' errors from now on, and sends `input` when the fields gave one. */
  const submit = (input: Input | null) => {
    setChecked(true);
    if (input === null) return;
    action.mutate(input, {
      onSuccess: (message) => {
        setChecked(false);
        onRecorded(message);
        setOpen(false);
      },
    });
  };
  return { checked, submit, dialog: { open, onOpenChange: setOpen, action } };
}
