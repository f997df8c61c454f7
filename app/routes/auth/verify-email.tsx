import { setCookieHeaders } from "~/.server/http/cookies";
import { redirectWithToast } from "~/.server/toast";
import { verifyEmail, type VerifyEmailResult } from "~/domain/users/users.server";
import type { Route } from "./+types/verify-email";

// The confirmation link mailed at sign-up lands here, then returns to the site root.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome: VerifyEmailResult = token ? await verifyEmail(token) : { ok: false, setCookies: [] };
  const headers = setCookieHeaders(outcome.setCookies);
  if (!outcome.ok) {
    return redirectWithToast(
      "/auth",
      {
        type: "error",
        title: "Confirmation failed",
        description: "This confirmation link is invalid or has expired. Sign up again to get a new one.",
      },
      { headers },
    );
  }
  if (outcome.changedTo) {
    return redirectWithToast(
      "/admin/account",
      { type: "success", title: "Email changed", description: `Your account's address is now ${outcome.changedTo}.` },
      { headers },
    );
  }
  if (outcome.signInAgain) {
    // Two-factor accounts are never signed in by a link alone.
    return redirectWithToast("/auth", {
      type: "success",
      title: "Email confirmed",
      description: "Sign in with your password and code to continue.",
    });
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Email confirmed", description: "You are signed in." },
    { headers },
  );
}
