import { requireStaff } from "~/.server/auth/access";
import { notFound } from "~/.server/http/invariant";
import { NotFoundMessage } from "~/components/not-found-message";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return notFound(request);
}

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request);
  return notFound(request);
}

export default function AdminNotFoundPage() {
  return <NotFoundMessage />;
}
