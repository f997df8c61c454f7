import { NotFoundMessage } from "~/components/not-found-message";
import type { Route } from "./+types/not-found";
import { staffNotFound } from "~/routes/shared/staff-pages.server";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return staffNotFound(request);
}

export function action({ request }: Route.ActionArgs) {
  return staffNotFound(request);
}

export default function AdminNotFoundPage() {
  return <NotFoundMessage />;
}
