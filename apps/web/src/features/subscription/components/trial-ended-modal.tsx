import { CreditCardIcon, ExternalLinkIcon, LifeBuoyIcon } from "lucide-react";
import { useLocation, useNavigate } from "react-router";

import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useSubscriptionState } from "@/features/subscription/hooks/use-subscription-state";
import { useWatchPortal } from "@/lib/subscription/portal-watch";

/**
 * The spec's blocking 'Trial Period Ended' modal, on every signed-in page but Billing while the
 * subscription is not valid and the trial's end has passed. Only its buttons lead anywhere:
 * Escape, a click outside and a close button do nothing (there is none).
 */
export function TrialEndedModal() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { sessionURL, supportEmail, shouldShowExpirationModal } = useSubscriptionState();
  const watchPortal = useWatchPortal();
  const open = shouldShowExpirationModal && pathname !== "/billing";
  return (
    <AlertDialog open={open}>
      <AlertDialogContent className="sm:max-w-xl" onEscapeKeyDown={(event) => event.preventDefault()}>
        <AlertDialogHeader>
          <div className="bg-destructive/10 mx-auto flex size-12 items-center justify-center rounded-full sm:mx-0">
            <CreditCardIcon className="text-destructive size-6" aria-hidden="true" />
          </div>
          <AlertDialogTitle>Trial Period Ended</AlertDialogTitle>
          <AlertDialogDescription>
            Your trial period has ended. Please upgrade to continue using the service.
          </AlertDialogDescription>
          <p className="text-muted-foreground text-sm">
            Please visit the subscription page to update your payment information and reactivate your account.
          </p>
        </AlertDialogHeader>
        <AlertDialogFooter>
          {supportEmail ? (
            <Button variant="ghost" asChild>
              <a href={`mailto:${supportEmail}`}>
                <LifeBuoyIcon aria-hidden="true" />
                Contact Support
              </a>
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => navigate("/billing")}>
            Go to Billing
          </Button>
          {sessionURL ? (
            <Button asChild>
              <a href={sessionURL} target="_blank" rel="noopener noreferrer" onClick={watchPortal}>
                Manage Subscription
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          ) : (
            <Button onClick={() => navigate("/billing")}>Upgrade Now</Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
