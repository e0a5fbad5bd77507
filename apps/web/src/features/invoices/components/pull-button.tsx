import { Loader2Icon, RefreshCwIcon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { usePullFromQuickbooks } from "@/features/invoices/api/pull-from-quickbooks";
import type { QuickbooksConnection } from "@/hooks/use-quickbooks-connection";
import { useAuth } from "@/lib/auth/use-auth";

const FAILED = "Failed to pull from QuickBooks. Please try again.";

/** 'Pull from QuickBooks': asks for a sync now; busy while asking and while the sync runs. */
export function PullButton({ qb }: { qb: QuickbooksConnection }) {
  const email = useAuth().user?.email;
  const pull = usePullFromQuickbooks(email);
  const syncing = Boolean(qb.connection?.syncing);
  const busy = pull.isPending || syncing;
  if (qb.status !== "connected") return null;
  return (
    <Button
      onClick={() => {
        if (!qb.companyId) return toast.error(FAILED);
        pull.mutate(qb.companyId, {
          onSuccess: (data) =>
            toast.success(
              data.queued ? "Pulling the latest data from QuickBooks…" : "A sync is already running.",
            ),
          onError: () => toast.error(FAILED),
        });
      }}
      disabled={busy}
      className="w-full sm:w-auto"
    >
      {busy ? (
        <Loader2Icon className="animate-spin" aria-hidden="true" />
      ) : (
        <RefreshCwIcon aria-hidden="true" />
      )}
      {busy ? "Pulling..." : "Pull from QuickBooks"}
    </Button>
  );
}
