// A bare Node http server for the benchmark's comparison, in a process of its own: answers each path
// with the bytes (and Content-Type) its parent sends it, from memory, and sends back its port.
import http from "node:http";

process.once("message", (list) => {
  const pages = new Map(list.map((page) => [page.path, page]));
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": page.type, "Content-Length": page.body.length }).end(page.body);
  });
  server.listen(0, "127.0.0.1", () => process.send(server.address().port));
});
process.on("SIGTERM", () => process.exit(0));
