// A 503 the server writes itself: HTML for a browser, plain text for whatever prefers it.
import http from "node:http";
import net from "node:net";
import { expect, test } from "vitest";
import { unavailableType } from "./unavailable-page";

const asking = (accept?: string) => {
  const req = new http.IncomingMessage(new net.Socket());
  if (accept !== undefined) req.headers.accept = accept;
  return req;
};

test.each([
  [undefined, "html"],
  ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "html"],
  ["*/*", "html"],
  ["text/*", "html"],
  ["text/plain", "text"],
  ["text/plain, */*;q=0.1", "text"],
  ["text/html;q=0.5, text/plain", "text"],
  ["text/html;q=0, */*", "text"],
  ["application/json", "text"],
  ["TEXT/HTML", "html"],
])("Accept %s: %s", (accept, type) => {
  expect(unavailableType(asking(accept))).toBe(type);
});
