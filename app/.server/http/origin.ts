// The origin public links are built on: PUBLIC_URL when set, else the address
// this request came to (so a fresh install on any host just works).
import { env } from "../env";

export function publicOrigin(request: Request): string {
  return env().PUBLIC_URL ?? new URL(request.url).origin;
}
