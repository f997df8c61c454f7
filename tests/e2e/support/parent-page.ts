// A page of "the company's own site": another origin (localhost, where the app
// runs on 127.0.0.1) serving the given HTML, for embedding tests.
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function startParentPage(html: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
