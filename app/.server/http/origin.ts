// The origin public links are built on: PUBLIC_URL, else the request URL's origin, which react-router.ts
// builds from the listening address (or a trusted proxy's host), never from Host.
import { env } from "../env";

export function publicOrigin(request: Request): string {
  return env().PUBLIC_URL ?? new URL(request.url).origin;
}
