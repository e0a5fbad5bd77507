import type { Route } from "../context.ts";
import { sendText } from "../http.ts";
import { authorize, decide } from "./authorize.ts";
import { INTUIT_CSS } from "./consent-page.ts";
import { discovery, jwks, PATHS } from "./discovery.ts";
import { revoke } from "./revoke.ts";
import { token } from "./token.ts";
import { userinfo } from "./userinfo.ts";

/** Intuit OAuth 2.0 + OpenID Connect. */
export const oauthRoutes: Route[] = [
  ...[PATHS.discovery, ...PATHS.discoveryAliases].map(
    (path): Route => ({ method: "GET", path, handle: discovery }),
  ),
  { method: "GET", path: PATHS.jwks, handle: jwks },
  { method: "GET", path: PATHS.authorize, handle: authorize },
  { method: "POST", path: PATHS.authorize, handle: decide },
  { method: "POST", path: PATHS.token, handle: token },
  { method: "POST", path: PATHS.revoke, handle: revoke },
  { method: "POST", path: PATHS.revokeAlias, handle: revoke },
  { method: "GET", path: PATHS.userinfo, handle: userinfo },
  { method: "POST", path: PATHS.userinfo, handle: userinfo },
  {
    method: "GET",
    path: "/static/intuit.css",
    handle: (ctx) => sendText(ctx.res, 200, "text/css", INTUIT_CSS),
  },
];
