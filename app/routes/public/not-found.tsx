import { notFound } from "~/.server/http/invariant";
import { NotFoundMessage } from "~/components/not-found-message";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export function loader({ request }: Route.LoaderArgs) {
  return notFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return notFound(request);
}

export default function NotFoundPage() {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40">
      <NotFoundMessage />
    </main>
  );
}
