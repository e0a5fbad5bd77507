import { apiPaths, type StatementRequest } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { fetchFile, saveBlob } from "@/lib/download";

/** GET /v1/business/customer/statement: the customer's statement of account, saved as a PDF. */
export async function downloadStatement(query: StatementRequest) {
  const { blob, filename } = await fetchFile(apiPaths.customers.statement, query);
  saveBlob(blob, filename ?? "statement.pdf");
}

export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement });
}
