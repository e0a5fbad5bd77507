import { type AgingSortField, agingListSort } from "@recoup/contracts";

import type { ListDefaults } from "@/lib/list-params";

export const agingListDefaults: ListDefaults<AgingSortField> = agingListSort;
