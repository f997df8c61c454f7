// The admin guard as route middleware: no admin route is reachable without staff access, even if a loader
// forgot its own check; it also forwards a refreshed session cookie.
import type { MiddlewareFunction } from "react-router";
import { keepPrivate } from "../http/cache-control";
import { getSession, requireStaff } from "./access";

export const staffOnly: MiddlewareFunction<Response> = async ({ request }, next) => {
  await requireStaff(request);
  const response = await next();
  for (const cookie of (await getSession(request)).setCookies) response.headers.append("Set-Cookie", cookie);
  // Admin pages show private data: never store them in a shared cache.
  keepPrivate(response);
  return response;
};
