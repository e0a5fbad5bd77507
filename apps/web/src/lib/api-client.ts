import { createHttpClient } from "@/lib/http";
import { session } from "@/lib/session";

/** The app's one API client: same-origin, bearer id token from the cookie session. */
export const api = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  store: {
    getIdToken: session.getIdToken,
    setTokens: session.setTokens,
    onSessionExpired: session.clear,
  },
});
