import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { currentDatabase } from "~/.server/db";
import { latestChangeId } from "~/.server/live";
import { notificationsFor } from "~/domain/notifications/notifications.server";

/** The newest live event when this request began, before any of its loaders read anything. */
const liveFromContext = createContext<number | null>(null);

/**
 * Reads where the live log stands before the page's loaders run (middleware finishes before any
 * loader starts): the shell's stream starts from there (`?lastEventId=`), so a change committed
 * after the page read its data but before the stream's `hello` is still sent, not lost in between.
 */
export const liveFrom: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Loaders run on GETs (a page, its data, a revalidation); an action's POST runs none.
  if (request.method === "GET") context.set(liveFromContext, await latestChangeId(currentDatabase()));
  return next();
};

/** The admin shell: who is signed in, whether the sidebar was left open, and where its live stream starts. */
export async function loadAdminShell(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await requireStaff(request);
  // Read on the server so the first paint already has the right width.
  const sidebarOpen = !/(?:^|;\s*)sidebar_state=false(?:;|$)/.test(request.headers.get("Cookie") ?? "");
  return {
    notifications: await notificationsFor(user.id),
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    sidebarOpen,
    // A page answering a form posted without JavaScript runs its loaders in the POST.
    liveFrom: context.get(liveFromContext) ?? (await latestChangeId(currentDatabase())),
  };
}
