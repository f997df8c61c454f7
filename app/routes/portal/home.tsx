import { ContractList } from "~/domain/portal/components/contract-list";
import { PortalShell } from "~/domain/portal/components/portal-shell";
import { ProjectCards } from "~/domain/portal/components/project-cards";
import { CodeStep, EmailStep, NotAClient } from "~/domain/portal/components/sign-in-forms";
import type { Route } from "./+types/home";
import { loadPortalHome } from "./home.server";
import { portalPage } from "./middleware.server";
import { portalSignInAction } from "./sign-in.server";

export const middleware: Route.MiddlewareFunction[] = [portalPage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.view === "portal" ? "Your projects" : "Sign in"} · ${data?.company.name ?? "Client portal"}` },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadPortalHome(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return portalSignInAction(request, context);
}

export default function PortalHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === "sign-in") {
    return (
      <PortalShell company={loaderData.company}>
        {loaderData.pendingEmail ? (
          <CodeStep email={loaderData.pendingEmail} answer={actionData} />
        ) : (
          <EmailStep answer={actionData} />
        )}
      </PortalShell>
    );
  }
  if (loaderData.view === "staff") {
    return (
      <PortalShell company={loaderData.company}>
        <NotAClient email={loaderData.email} />
      </PortalShell>
    );
  }
  const { person, projects, contracts } = loaderData;
  return (
    <PortalShell company={loaderData.company} person={person}>
      <div className="grid gap-10">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Welcome, {person.name}</h1>
          <p className="text-muted-foreground">The projects and contracts of {person.clientName}.</p>
        </div>
        <section aria-labelledby="your-projects" className="grid gap-4">
          <h2 id="your-projects" className="text-xl font-semibold">
            Your projects
          </h2>
          <ProjectCards projects={projects} />
        </section>
        <section aria-labelledby="your-contracts" className="grid gap-4">
          <h2 id="your-contracts" className="text-xl font-semibold">
            Your contracts
          </h2>
          <ContractList
            contracts={contracts}
            empty="No contracts to show yet. When we send you one to sign, it appears here and we email you."
          />
        </section>
      </div>
    </PortalShell>
  );
}
