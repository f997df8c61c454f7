// The spec's 404 text, shared by the public and the admin catch-all routes.
import { Link } from "react-router";

export function NotFoundMessage() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
        Return to Home
      </Link>
    </div>
  );
}
