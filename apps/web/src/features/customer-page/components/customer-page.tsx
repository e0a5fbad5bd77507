import { useParams } from "react-router";

import { ErrorState } from "@/components/data-states";
import { useCustomerPage } from "@/features/customer-page/api/get-customer-page";
import { CustomerPageContent } from "@/features/customer-page/components/customer-page-content";
import { CustomerPageFrame } from "@/features/customer-page/components/customer-page-frame";
import { CustomerPageSkeleton } from "@/features/customer-page/components/customer-page-skeleton";
import { LinkProblem } from "@/features/customer-page/components/link-problem";
import { isApiError } from "@/lib/http";

/** The link's token names its customer; a bad, expired or revoked one shows why, and no data. */
const linkRefused = (error: unknown) => isApiError(error, 404) || isApiError(error, 410);

function PageBody({ token }: { token: string }) {
  const page = useCustomerPage(token);
  if (page.isPending) {
    return (
      <main className="flex flex-col">
        <CustomerPageSkeleton />
      </main>
    );
  }
  if (page.isError && linkRefused(page.error)) return <LinkProblem error={page.error} />;
  if (page.isError) {
    // The network or the server failed (or too many tries): worth another try, by hand.
    return (
      <main className="flex flex-1 flex-col justify-center">
        <h1 className="sr-only">Invoices</h1>
        <ErrorState
          title="Your invoices could not be loaded"
          error={page.error}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
          className="bg-card"
        />
      </main>
    );
  }
  return <CustomerPageContent page={page.data} token={token} />;
}

/**
 * /pay/:token: a customer's open invoices, public (no login). Outside the signed-in shell and its
 * guards; its calls send no session and never start a token refresh.
 */
export function CustomerPage() {
  const { token = "" } = useParams();
  return (
    <CustomerPageFrame>
      <PageBody token={token} />
    </CustomerPageFrame>
  );
}
