import {
  apiPaths,
  type EndHoldRequest,
  holdResponseSchema,
  type RecordDisputeRequest,
  type RecordPromiseRequest,
} from "@recoup/contracts";

import { useReminderStateMutation } from "@/features/reminders";
import { api } from "@/lib/api-client";

/**
 * A user's changes to an invoice's holds, from its thread: the four calls answer alike (the holds
 * now, and the sentence to show), and each reads the thread, the lists and the invoice rows again.
 */
async function postHold(path: string, input: RecordPromiseRequest | RecordDisputeRequest | EndHoldRequest) {
  return api.post(path, input, { schema: holdResponseSchema });
}

/** POST /v1/business/invoice/promise: records a promise to pay, or changes the open one. */
export const recordPromise = (input: RecordPromiseRequest) => postHold(apiPaths.holds.promise, input);
/** POST /v1/business/invoice/promise/cancel: reminders follow the schedule again. */
export const cancelPromise = (input: EndHoldRequest) => postHold(apiPaths.holds.cancelPromise, input);
/** POST /v1/business/invoice/dispute: the invoice leaves the chase until the dispute is resolved. */
export const recordDispute = (input: RecordDisputeRequest) => postHold(apiPaths.holds.dispute, input);
/** POST /v1/business/invoice/dispute/resolve: chasing resumes. */
export const resolveDispute = (input: EndHoldRequest) => postHold(apiPaths.holds.resolveDispute, input);

export const useRecordPromise = () => useReminderStateMutation(recordPromise);
export const useCancelPromise = () => useReminderStateMutation(cancelPromise);
export const useRecordDispute = () => useReminderStateMutation(recordDispute);
export const useResolveDispute = () => useReminderStateMutation(resolveDispute);
