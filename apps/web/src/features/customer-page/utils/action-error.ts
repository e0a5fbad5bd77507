import { isApiError } from "@/lib/http";

/**
 * Why a promise or a dispute was not recorded, as the form shows it: the API's own sentence (a
 * date refused, an invoice no longer open, the link expired, too many tries) or the connection's.
 */
export function actionErrorText(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  return "Your answer could not be sent. Please try again.";
}
