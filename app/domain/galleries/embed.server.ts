// Where embed codes point, and whether that address only works on this machine.
import { env } from "~/.server/env";
import { publicOrigin } from "~/.server/http/origin";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1", "0.0.0.0"]);

export function embedTarget(request: Request): { origin: string; localOnly: boolean } {
  const origin = publicOrigin(request);
  // Without PUBLIC_URL the code carries the address this page was reached at: a loopback
  // address works on this machine only, never on the company's website.
  const localOnly = !env().PUBLIC_URL && LOOPBACK.has(new URL(origin).hostname);
  return { origin, localOnly };
}
