/** Running a sandbox on its own (`npm start` in its folder): settings from the environment, stopping. */

/** A comma-separated list from the environment, or `fallback` when unset; entries trimmed, empty ones dropped. */
export function envList(value: string | undefined, fallback: readonly string[]): string[] {
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
