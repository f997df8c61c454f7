// What a visitor sees when a page fails: the spec's 404 text, a 403 or 4xx
// message from the server, or a generic apology — never a stack trace.
import { isRouteErrorResponse, Link } from "react-router";

export function describeError(error: unknown): { title: string; message: string; status: number } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return {
        status: 404,
        title: "Oops! Page not found",
        message: "The page you are looking for does not exist or has moved.",
      };
    }
    const body = error.data as { message?: string } | string | undefined;
    const message = (typeof body === "string" ? body : body?.message) || "The request could not be completed.";
    return { status: error.status, title: error.status === 403 ? "Access denied" : `Error ${error.status}`, message };
  }
  return {
    status: 500,
    title: "Something went wrong",
    message: "An unexpected error occurred. Please try again in a moment.",
  };
}

export function ErrorMessage({ error }: { error: unknown }) {
  const { title, message } = describeError(error);
  return (
    <div className="flex flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-prose text-muted-foreground">{message}</p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </div>
  );
}
