// The glue of /pending: where a signed-in account waits for access.
import { redirect } from "react-router";
import { requireUser } from "~/.server/auth/access";
import { PORTAL_PATH } from "~/domain/portal/schema";
import { awaitsConfirmation, resendConfirmationLink } from "~/domain/users/confirmation.server";
import { done, invalid, rejected } from "~/routes/shared/answers.server";

async function requirePending(request: Request) {
  const user = await requireUser(request);
  if (user.role !== "pending") throw redirect(user.role === "client" ? PORTAL_PATH : "/admin");
  return user;
}

export async function loadPending(request: Request) {
  const user = await requirePending(request);
  // A staff-domain address gets access by following the link mailed to it, not from an admin.
  return { email: user.email, awaitingConfirmation: awaitsConfirmation(user) };
}

const CHECK_EMAIL = "We sent you a confirmation link. Please check your inbox.";

export async function pendingAction(request: Request) {
  const user = await requirePending(request);
  if ((await request.formData()).get("intent") !== "resend-confirmation") {
    const message = "That request was not valid.";
    return invalid(null, { message, toast: { type: "error", title: "Error", description: message } });
  }
  const outcome = await resendConfirmationLink(request.headers, user);
  if (!outcome.ok) return rejected(outcome, { title: "Error" });
  return done({ type: "success", title: "Check your email", description: CHECK_EMAIL }, { message: CHECK_EMAIL });
}
