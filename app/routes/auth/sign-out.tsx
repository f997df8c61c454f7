import { redirect } from "react-router";
import { getUser } from "~/.server/auth/access";
import { PORTAL_PATH } from "~/domain/portal/schema";
import { setCookieHeaders } from "~/.server/http/cookies";
import { redirectWithToast } from "~/.server/toast";
import { signOut } from "~/domain/users/users.server";
import type { Route } from "./+types/sign-out";

export async function loader() {
  // Sign-out changes state, so it only answers POST.
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  // A client signs in again at the portal, staff at /auth.
  const client = (await getUser(request))?.role === "client";
  const cookies = await signOut(request);
  const headers = setCookieHeaders(cookies);
  return redirectWithToast(
    client ? PORTAL_PATH : "/auth",
    { type: "success", title: "Signed out", description: "You have been signed out successfully." },
    { headers },
  );
}
