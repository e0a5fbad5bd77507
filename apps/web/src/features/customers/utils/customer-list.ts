import { type CustomerSortField, customerListSort } from "@recoup/contracts";

import type { ListDefaults } from "@/lib/list-params";

export const customerListDefaults: ListDefaults<CustomerSortField> = customerListSort;
