// The origin public links are built on: PUBLIC_URL when set, else the origin
// of the request's URL, which request-handler.ts builds from the listening
// address (or a trusted proxy's forwarded host), never from the Host header.
import { env } from "../env";

export function publicOrigin(request: Request): string {
  return env().PUBLIC_URL ?? new URL(request.url).origin;
}
