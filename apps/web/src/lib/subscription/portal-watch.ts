import { useQueryClient } from "@tanstack/react-query";

/** While the payment portal may be open in another tab, the subscription is read every few seconds. */
const WATCH_MS = 10 * 60_000;
let openedAt = 0;

export const portalRecentlyOpened = () => Date.now() - openedAt < WATCH_MS;

/**
 * For the links to the payment portal: what is done there (a card, a plan, a cancellation) shows
 * here as soon as the provider's webhook has been read, without a reload.
 */
export function useWatchPortal() {
  const queryClient = useQueryClient();
  return () => {
    openedAt = Date.now();
    void queryClient.invalidateQueries({ queryKey: ["subscription"] });
  };
}
