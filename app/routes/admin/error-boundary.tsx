// A pathless layout around every admin page: a failing page shows its error
// inside the admin shell, with the sidebar still there.
import { Outlet } from "react-router";
import { ErrorMessage } from "~/components/error-message";
import type { Route } from "./+types/error-boundary";

export default function AdminPages() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorMessage error={error} />;
}
