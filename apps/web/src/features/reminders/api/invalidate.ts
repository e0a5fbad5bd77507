import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";

import { COLLECTIONS_KEY } from "@/lib/collections-query";

/**
 * After a send, a pause or a settings change: reminder state and the invoice rows (their last and
 * next reminder, the pause in force) are read again.
 */
export function invalidateReminderState(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [COLLECTIONS_KEY] });
}

/** A mutation after which reminder state is read again (a pause, a reply handled, a sender confirmed). */
export function useReminderStateMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateReminderState(queryClient) });
}
