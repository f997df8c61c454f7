// Every portal page looks at who is signed in and shows a client's own
// records: never stored by a shared cache, and a refreshed session cookie is
// passed on (the session slides while it is used).
import type { MiddlewareFunction } from "react-router";
import { getSession, sessionConsulted } from "~/.server/auth/access";

export const portalPage: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (sessionConsulted(request)) {
    for (const cookie of (await getSession(request)).setCookies) response.headers.append("Set-Cookie", cookie);
  }
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};
