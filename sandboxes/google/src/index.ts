import { createServer, type RequestListener } from "node:http";
import { closeServer, listenOn } from "@recoup/sandbox-http";
import { AccountStore, type GoogleAccount, TEST_ACCOUNTS } from "./accounts.ts";
import { sendText } from "./http.ts";
import { createInteractionHandler } from "./interactions.ts";
import { createProvider, type GoogleClient } from "./provider.ts";
import { SANDBOX_CSS } from "./views.ts";

export { type GoogleAccount, TEST_ACCOUNTS } from "./accounts.ts";
export type { GoogleClient } from "./provider.ts";

export interface GoogleSandboxOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** The OAuth clients allowed to sign in (confidential, authorization code flow). */
  clients?: GoogleClient[];
}

export interface GoogleSandbox {
  /** The OpenID issuer, e.g. http://localhost:4010 (discovery at /.well-known/openid-configuration). */
  issuer: string;
  port: number;
  /** Every identity known so far: the test accounts plus those created by typing an email. */
  accounts(): GoogleAccount[];
  close(): Promise<void>;
}

export async function startGoogleSandbox(options: GoogleSandboxOptions = {}): Promise<GoogleSandbox> {
  const { port = 4010, host = "127.0.0.1", clients = [] } = options;
  const accounts = new AccountStore(TEST_ACCOUNTS);
  // Set once the port is known, since the issuer URL contains it.
  let handler: RequestListener | undefined;

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://sandbox").pathname;
    if (path === "/static/sandbox.css") return sendText(res, 200, "text/css", SANDBOX_CSS);
    handler?.(req, res);
  });
  const actualPort = await listenOn(server, port, host);
  const issuer = `http://localhost:${actualPort}`;
  let provider: ReturnType<typeof createProvider>;
  try {
    provider = createProvider(issuer, clients, accounts);
  } catch (error) {
    server.close();
    throw error;
  }
  const interactions = createInteractionHandler(provider, accounts);
  const callback = provider.callback();
  handler = (req, res) => {
    const path = new URL(req.url ?? "/", "http://sandbox").pathname;
    interactions(req, res, path).then(
      (handled) => {
        if (!handled) callback(req, res);
      },
      (error: unknown) => {
        console.error("google sandbox: interaction error", error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      },
    );
  };

  return {
    issuer,
    port: actualPort,
    accounts: () => accounts.list(),
    close: () => closeServer(server),
  };
}
