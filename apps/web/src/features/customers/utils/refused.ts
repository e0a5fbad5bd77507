import { isApiError } from "@/lib/http";

/** The API's own sentence when it refused a change (a 4xx other than signed out); null otherwise. */
export const refusal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : null;
