/** Starting and stopping a sandbox's HTTP server. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on `host`:`port` (0 picks a free port) and answers the port; rejects if it cannot (in use). */
export async function listenOn(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops listening and ends the open (keep-alive) connections; rejects if it was not listening. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
