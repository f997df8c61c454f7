// "The company's own site" for embedding tests and framed audits: another origin (localhost, where
// the app runs on 127.0.0.1) serving the given HTML.
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function startParentPage(
  html: (path: string) => string | undefined,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const body = html(req.url ?? "/");
    if (body === undefined) return res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A browser keeps its connections open: close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
