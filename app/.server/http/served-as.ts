// What a response is, in the words of the route that rendered it: an opaque
// tag (the page-view counter's, decision 0063). The route hands it over through
// `servedAsContext`; server.ts both passes it to whoever listens and leaves it
// on the response, where the render cache picks it up with the page it stores
// and hands it back on every answer from memory. Infrastructure never reads it.
import type http from "node:http";

/** Told the tag of every page served: rendered by a route, or answered from the render cache's memory. */
export type ServedListener = (req: http.IncomingMessage, tag: string) => void;

const TAG = Symbol("served as");
type Tagged = http.ServerResponse & { [TAG]?: string };

export function markServedAs(res: http.ServerResponse, tag: string): void {
  (res as Tagged)[TAG] = tag;
}

export function servedAs(res: http.ServerResponse): string | undefined {
  return (res as Tagged)[TAG];
}
