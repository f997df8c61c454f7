import type { Route } from "./+types/share-links";
import { loadShareLinks, shareLinksAction } from "./share-links.server";

export function loader({ request }: Route.LoaderArgs) {
  return loadShareLinks(request);
}

export function action({ request }: Route.ActionArgs) {
  return shareLinksAction(request);
}
