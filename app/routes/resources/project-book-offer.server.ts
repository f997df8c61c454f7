// Whether the library shows "Download project book": when visitors may have it,
// or to someone signed in (a session cookie: staff browsing the library). The
// cookie is only looked at, not looked up, so the page stays cacheable for
// everyone else; the download itself checks who asks.
import { SESSION_COOKIE_NAME } from "~/.server/auth/cookie-name";

export function offersProjectBook(request: Request, projectBookPublic: boolean): boolean {
  return projectBookPublic || (request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`) ?? false);
}
