import { createHttpClient, type TokenStore } from "@/lib/http";
import { session } from "@/lib/session";

/** The cookie session as the http client's token store. */
export const sessionTokenStore: TokenStore = {
  getIdToken: session.getIdToken,
  setTokens: session.setTokens,
  onSessionExpired: session.clear,
};

/** The app's one API client: same-origin, bearer id token from the cookie session. */
export const api = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  store: sessionTokenStore,
});
