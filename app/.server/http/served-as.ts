// What a response is, as an opaque tag of its route (decision 0063): handed to whoever listens and kept on
// the response, where the render cache stores it and hands it back on each answer from memory.
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
