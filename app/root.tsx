import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { toast as showToast } from "sonner";
import { z } from "zod";
import { multipartFormCheck } from "~/.server/http/body-policy";
import { readToast } from "~/.server/toast";
import type { Toast } from "~/lib/toast";
import { ErrorMessage } from "~/components/error-message";
import { useNonce } from "~/lib/nonce";
import { Toaster } from "~/ui/sonner";
import type { Route } from "./+types/root";
import { responseHeadersMiddleware } from "./root.server";
import "./app.css";

// The Content-Security-Policy refuses eval: zod must not try it (it probes with
// `new Function`, which the browser reports as a violation) but interpret schemas.
z.config({ jitless: true });

/** A route sets `handle = { hydrate: false }` to render on the server only (embed pages). */
export interface RouteHandle {
  hydrate?: boolean;
}

export const middleware: Route.MiddlewareFunction[] = [responseHeadersMiddleware, multipartFormCheck];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, setCookie } = await readToast(request);
  return data({ toast }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

// An action that fails (4xx) skips revalidation by default, but its flash
// toast must still be read, so the root loader runs after every action.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus !== undefined || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-svh bg-background font-sans text-foreground antialiased">
        {children}
        {hydrate ? (
          <>
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function useFlashToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // A timeout lets the Toaster mount first on a full page load.
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description }), 0);
    return () => clearTimeout(timer);
  }, [toast]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast);
  // Marks the page interactive (event handlers attached), for browser tests
  // that use keyboard or drag gestures the server-rendered HTML cannot answer.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  useFlashToast(rootData?.toast);
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40">
      <ErrorMessage error={error} />
    </main>
  );
}
