import { apiPaths, customerPageLinkResponseSchema } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

/** POST /v1/business/customer/customer-page-link { companyId, customerRef } → a new link to the customer's page. */
export function useCustomerPageLink(companyId: string, customerRef: string) {
  return useMutation({
    mutationFn: async () => {
      const res = await api.post(
        apiPaths.customers.pageLink,
        { companyId, customerRef },
        { schema: customerPageLinkResponseSchema },
      );
      return res.data.url;
    },
  });
}
