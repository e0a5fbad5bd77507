import { useQueryClient } from "@tanstack/react-query";
import { Loader2Icon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDeleteSyncedData } from "@/features/integrations/api/delete-synced-data";
import { useAuth } from "@/lib/auth/use-auth";
import { ApiError } from "@/lib/http";
import { quickbooksStatusQueryKey } from "@/lib/quickbooks/status";

const FAILED = "Failed to delete the synced data. Please try again.";

/** Disconnected: the synced records stay until the company deletes them here (asked twice). */
export function DeleteSyncedData() {
  const email = useAuth().user?.email ?? "";
  const [confirming, setConfirming] = useState(false);
  const mutation = useDeleteSyncedData();
  const queryClient = useQueryClient();

  const remove = () =>
    mutation.mutate(email, {
      onSuccess: (data) => {
        toast.success(data.message);
        setConfirming(false);
        return queryClient.invalidateQueries({ queryKey: quickbooksStatusQueryKey(email) });
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : FAILED),
    });

  if (!confirming) {
    return (
      <Button
        variant="ghost"
        className="text-muted-foreground w-full sm:w-auto"
        onClick={() => setConfirming(true)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete synced data
      </Button>
    );
  }
  return (
    <Alert variant="destructive" role="group" aria-label="Delete synced data">
      <Trash2Icon aria-hidden="true" />
      <AlertTitle>Delete synced data?</AlertTitle>
      <AlertDescription>
        <p>
          Customers, invoices and payments copied from QuickBooks are removed from Recoup. QuickBooks itself
          is not changed.
        </p>
        <div className="mt-2 flex gap-2">
          <Button variant="destructive" size="sm" onClick={remove} disabled={mutation.isPending}>
            {mutation.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            {mutation.isPending ? "Deleting..." : "Delete data"}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setConfirming(false)}
            disabled={mutation.isPending}
          >
            Cancel
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
