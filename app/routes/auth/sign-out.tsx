import { redirect } from "react-router";
import { setCookieHeaders } from "~/.server/http/cookies";
import { redirectWithToast } from "~/.server/toast";
import { signOut } from "~/domain/users/users.server";
import type { Route } from "./+types/sign-out";

export async function loader() {
  // Sign-out changes state, so it only answers POST.
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cookies = await signOut(request);
  const headers = setCookieHeaders(cookies);
  return redirectWithToast(
    "/auth",
    { type: "success", title: "Signed out", description: "You have been signed out successfully." },
    { headers },
  );
}
