import { publicOrigin } from "~/.server/http/origin";
import { loadPublicChrome } from "~/domain/library/chrome.server";
import { libraryQuery } from "~/domain/library/library";
import { searchLibrary } from "~/domain/library/library.server";
import type { RouterContextProvider } from "react-router";
import { countView } from "~/routes/shared/page-view.server";
import { staffView } from "./staff-view.server";

/** The Project Library: the search its address asks for, the site's chrome, and who is looking. */
export async function loadHomePage(request: Request, context: Readonly<RouterContextProvider>) {
  const query = libraryQuery(new URL(request.url).searchParams);
  const [chrome, results, staff] = await Promise.all([
    loadPublicChrome(),
    searchLibrary(query),
    staffView(request, "/admin"),
  ]);
  await countView(context, request, { kind: "page", ref: "home" });
  // Staff may always download the project book; visitors when Settings → Company allows it.
  return { chrome, results, query, origin: publicOrigin(request), staff, book: chrome.projectBookPublic || !!staff };
}
