import * as client from "openid-client";
import type { OidcClientConfig } from "../../config.ts";

/** The local sandboxes speak plain http on loopback; everything else must be https. */
const isLoopback = (url: string) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url);

/**
 * A lazily discovered, cached openid-client configuration (client_secret_basic, as Google and
 * Intuit both accept). A failed discovery is not cached, so the next call tries again.
 */
export function lazyDiscovery(settings: OidcClientConfig): () => Promise<client.Configuration> {
  let configuration: Promise<client.Configuration> | undefined;
  return () => {
    configuration ??= client
      .discovery(
        new URL(settings.discovery),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        { execute: isLoopback(settings.discovery) ? [client.allowInsecureRequests] : [] },
      )
      .catch((err) => {
        configuration = undefined;
        throw err;
      });
    return configuration;
  };
}
