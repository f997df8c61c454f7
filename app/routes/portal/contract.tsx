import { PortalContract } from "~/domain/portal/components/portal-contract";
import { PortalError } from "~/domain/portal/components/portal-error";
import { PortalShell } from "~/domain/portal/components/portal-shell";
import type { Route } from "./+types/contract";
import { portalPage } from "./middleware.server";
import { loadPortalContract, portalContractAction } from "./pages.server";

export const middleware: Route.MiddlewareFunction[] = [portalPage];

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data?.contract.title ?? `${data?.contract.projectTitle ?? "Your"} contract`} · ${data?.company.name ?? "Client portal"}`,
  },
  { name: "robots", content: "noindex" },
];

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPortalContract(request, context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return portalContractAction(request, context, params.id);
}

export default function PortalContractPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PortalShell company={loaderData.company} person={loaderData.person}>
      <PortalContract key={loaderData.contract.status} contract={loaderData.contract} answer={actionData} />
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <PortalError />;
}
