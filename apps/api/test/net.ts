import { createServer } from "node:net";

/**
 * A port held by a listener that drops every connection (a provider that is down) until `release`,
 * so nothing else takes it in the seconds before the real server starts on it.
 */
export const heldPort = () =>
  new Promise<{ port: number; release: () => Promise<void> }>((resolve, reject) => {
    const srv = createServer((socket) => socket.destroy());
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
    srv.on("error", reject);
  });

/** A port nobody listens on right now, for servers that must know their URL before they start. */
export const freePort = async () => {
  const { port, release } = await heldPort();
  await release();
  return port;
};
