/** Running a sandbox on its own (`npm start` in its folder): settings from the environment, stopping. */

export interface OAuthClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * The app registered with an OAuth sandbox run on its own: `${prefix}_CLIENT_ID`,
 * `${prefix}_CLIENT_SECRET` and `${prefix}_REDIRECT_URIS` (comma-separated), else the defaults.
 */
export function clientFromEnv(prefix: string, defaults: OAuthClient): OAuthClient {
  const env = process.env;
  return {
    client_id: env[`${prefix}_CLIENT_ID`] || defaults.client_id,
    client_secret: env[`${prefix}_CLIENT_SECRET`] || defaults.client_secret,
    redirect_uris: envList(env[`${prefix}_REDIRECT_URIS`], defaults.redirect_uris),
  };
}

/** A comma-separated list from the environment, or `fallback` when unset; entries trimmed, empty ones dropped. */
function envList(value: string | undefined, fallback: readonly string[]): string[] {
  return (value ?? fallback.join(","))
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A sandbox run on its own closes cleanly on Ctrl-C or SIGTERM. */
export function stopOnSignal(sandbox: { close(): Promise<unknown> }): void {
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
