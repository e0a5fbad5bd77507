import { apiPaths, type InboundFailureQuery } from "@recoup/contracts";
import { useMutation } from "@tanstack/react-query";

import { fetchFile, saveBlob } from "@/lib/download";

/** GET /v1/business/invoice/inbound-failures/raw: the message as it came, saved as an .eml file. */
export async function downloadInboundFailure(query: InboundFailureQuery) {
  const { blob, filename } = await fetchFile(apiPaths.communications.inboundFailureRaw, query);
  saveBlob(blob, filename ?? "message.eml");
}

export function useDownloadInboundFailure() {
  return useMutation({ mutationFn: downloadInboundFailure });
}
