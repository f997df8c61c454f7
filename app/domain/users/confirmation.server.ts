// A signed-in account that waits for its confirmation link (a staff-domain
// address with email verification off: its sign-up signed it in) asks for the
// link again from the waiting page. better-auth makes and mails the link.
import { auth } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { isStaffDomainEmail } from "~/.server/auth/staff-domain";
import { failure, type Refused } from "./outcome.server";

/** Whether following a confirmation link would still change this account's access. */
export function awaitsConfirmation(user: Pick<SessionUser, "email" | "emailVerified" | "role">): boolean {
  return user.role === "pending" && isStaffDomainEmail(user.email) && !user.emailVerified;
}

export async function resendConfirmationLink(headers: Headers, user: SessionUser): Promise<{ ok: true } | Refused> {
  if (!awaitsConfirmation(user)) {
    return { ok: false, message: "This account does not wait for a confirmation link.", status: 400 };
  }
  try {
    await (await auth()).api.sendVerificationEmail({ body: { email: user.email }, headers });
  } catch (error) {
    return failure(error);
  }
  return { ok: true };
}
