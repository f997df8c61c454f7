// What a portal page shows when it cannot answer (a missing or foreign
// record, a refused account): the message and the way back, never a trace.
import { isRouteErrorResponse, useRouteError } from "react-router";

export function PortalError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : status === 404
        ? "This page does not exist, or is not yours to see."
        : "Something went wrong on our side. Please try again in a few minutes.";
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-3 bg-muted/30 p-6 text-center">
      <h1 className="text-2xl font-semibold">
        {status === 404 ? "Not found" : status === 403 ? "Not for this account" : "Sorry"}
      </h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <a href="/portal" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Back to the client portal
      </a>
    </main>
  );
}
