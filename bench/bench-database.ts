/**
 * The benchmarks' database: PGlite (the embedded default) unless BENCH_DB=postgres, which starts a
 * throwaway PostgreSQL server from the machine's binaries, or BENCH_DATABASE_URL names one.
 */
export async function benchDatabase(
  name: string,
): Promise<{ url: string | undefined; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given || process.env.BENCH_DB !== "postgres") return { url: given, stop: async () => {} };
  const { startPgServer, createDatabase } = await import("@recoup/api/testing/pg");
  const server = await startPgServer();
  return { url: await createDatabase(server.url, name), stop: server.stop };
}
