// Admin route middleware: staff access even where a loader forgot its check; forwards a refreshed session cookie.
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
