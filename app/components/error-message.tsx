// What a visitor sees when a page fails: the spec's 404 text, a 403 or 4xx
// message from the server, a "try again shortly" page when the database cannot
// answer, or a generic apology — never a stack trace. A server failure shows
// the request's reference, so a report can be found in the logs.
import { isRouteErrorResponse, Link } from "react-router";

interface Described {
  title: string;
  message: string;
  status: number;
  reference?: string;
}

// The shape app/.server/http/route-errors.ts sends (kept structural: this file runs in the browser too).
function failure(body: unknown): { reason: string; reference: string } | undefined {
  const candidate = body as { reason?: unknown; reference?: unknown } | undefined;
  return typeof candidate?.reason === "string" && typeof candidate.reference === "string"
    ? { reason: candidate.reason, reference: candidate.reference }
    : undefined;
}

const UNEXPECTED = {
  title: "Something went wrong",
  message: "An unexpected error occurred. Please try again in a moment.",
};

export function describeError(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: "Oops! Page not found",
        message: "The page you are looking for does not exist or has moved.",
      };
    }
    const failed = failure(error.data);
    if (failed?.reason === "database-unavailable") {
      return {
        status: error.status,
        title: "Temporarily unavailable",
        message: "Playfolio cannot reach its database right now. Please try again in a minute.",
        reference: failed.reference,
      };
    }
    if (failed) return { status: error.status, ...UNEXPECTED, reference: failed.reference };
    const body = error.data as { message?: string } | string | undefined;
    const message = (typeof body === "string" ? body : body?.message) || "The request could not be completed.";
    return { status: error.status, title: error.status === 403 ? "Access denied" : `Error ${error.status}`, message };
  }
  return { status: 500, ...UNEXPECTED };
}

export function ErrorMessage({ error }: { error: unknown }) {
  const { title, message, reference } = describeError(error);
  return (
    <div className="flex flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-prose text-muted-foreground">{message}</p>
      {reference ? <p className="text-sm text-muted-foreground">{`Reference: ${reference}`}</p> : null}
      <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </div>
  );
}
