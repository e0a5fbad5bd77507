import { type CustomerSortField, customerSortFields } from "@recoup/contracts";

import type { ListDefaults } from "@/lib/list-params";

export const customerListDefaults: ListDefaults<CustomerSortField> = {
  sortFields: customerSortFields,
  sort: "outstanding",
  order: "desc",
};
