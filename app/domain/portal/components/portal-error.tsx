// What a portal page shows when it cannot answer (a missing or foreign
// record, a refused account): the message and the way back, never a trace.
// A portal 404 carries the page's frame (company, who is signed in), so it
// keeps the company's header and footer like every other portal screen.
import { isRouteErrorResponse, useRouteError } from "react-router";
import type { CompanyDetails } from "~/domain/company/schema";
import { PortalShell } from "./portal-shell";

interface PortalErrorData {
  message?: unknown;
  company?: CompanyDetails;
  person?: { name: string; clientName: string } | null;
}

export function PortalError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as PortalErrorData | null) : null;
  const message =
    typeof data?.message === "string"
      ? data.message
      : status === 404
        ? "This page does not exist, or is not yours to see."
        : "Something went wrong on our side. Please try again in a few minutes.";
  const content = (
    <div className="flex flex-col items-center justify-center gap-3 py-10 text-center">
      <h1 className="text-2xl font-semibold">
        {status === 404 ? "Not found" : status === 403 ? "Not for this account" : "Sorry"}
      </h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <a href="/portal" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Back to the client portal
      </a>
    </div>
  );
  if (data?.company) {
    return (
      <PortalShell company={data.company} person={data.person}>
        {content}
      </PortalShell>
    );
  }
  return <main className="flex min-h-svh flex-col items-center justify-center bg-muted/30 p-6">{content}</main>;
}
