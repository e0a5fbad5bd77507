import { type AgingSortField, agingSortFields } from "@recoup/contracts";

import type { ListDefaults } from "@/lib/list-params";

export const agingListDefaults: ListDefaults<AgingSortField> = {
  sortFields: agingSortFields,
  sort: "total",
  order: "desc",
};
