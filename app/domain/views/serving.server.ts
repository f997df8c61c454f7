// The server's view counter (server.ts starts it with the database): the
// render cache tells it of pages answered from memory, the routes of pages
// they render (both through http/served-as.ts).
import type http from "node:http";
import { authSecret } from "~/.server/auth/secret";
import type { Database } from "~/.server/db";
import { createViewCounter, type ViewCounter } from "./counter.server";

export function startViewCounting(database: Database, ipOf: (req: http.IncomingMessage) => string): ViewCounter {
  return createViewCounter({
    database: () => database,
    secret: authSecret(),
    // Always a Node request here: the counter reads only its method and headers otherwise.
    ipOf: (req) => ipOf(req as http.IncomingMessage),
  });
}
