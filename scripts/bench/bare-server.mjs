// A bare Node http server for the benchmark's comparison: answers each path
// with the bytes (and Content-Type) listed in the JSON file it is given, from
// memory, in a process of its own. Prints its port on stdout.
import fs from "node:fs";
import http from "node:http";

const pages = new Map(
  JSON.parse(fs.readFileSync(process.argv[2], "utf8")).map((page) => [
    page.path,
    { type: page.type, body: fs.readFileSync(page.file) },
  ]),
);
const server = http.createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": page.type, "Content-Length": page.body.length });
  res.end(page.body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
