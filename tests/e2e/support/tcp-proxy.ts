// A TCP proxy in front of a PostgreSQL that can play its outages: "stopped"
// (connections cut, new ones refused) and "frozen" (connections accepted,
// nothing answered — what a SIGSTOPped server looks like from outside).
import net from "node:net";

export type ProxyMode = "forward" | "stopped" | "frozen";

export interface Proxy {
  port: number;
  /** The target URL with the proxy's port in place of the real one. */
  url: string;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(targetUrl: string): Promise<Proxy> {
  const target = new URL(targetUrl);
  const pairs = new Set<net.Socket>();
  let mode: ProxyMode = "forward";
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        pairs.add(client);
        client.on("error", () => {});
        client.on("close", () => pairs.delete(client));
        if (mode === "frozen") return; // accepted, never answered
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        pairs.add(upstream);
        upstream.on("error", () => client.destroy());
        upstream.on("close", () => pairs.delete(upstream));
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  const cutAll = () => {
    for (const socket of pairs) socket.destroy();
  };

  await listen();
  const url = new URL(targetUrl);
  url.port = String(port);
  return {
    port,
    url: url.toString(),
    async setMode(next) {
      if (next === "frozen") {
        // Connections in use stop answering: keep them open, forward nothing more.
        for (const socket of pairs) {
          socket.unpipe();
          socket.pause();
        }
      } else if (next === "stopped") {
        cutAll();
        await stopListening();
      } else {
        cutAll(); // frozen connections never recover: the server was restarted
        if (!server) await listen();
      }
      mode = next;
    },
    async close() {
      cutAll();
      await stopListening();
    },
  };
}
