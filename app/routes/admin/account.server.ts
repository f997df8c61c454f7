// The loader and action behind /admin/account: every signed-in account's own
// name, password, address and sessions (the admin layout lets staff and admins in).
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { format } from "date-fns";
import { z } from "zod";
import { getSession, requireStaff } from "~/.server/auth/access";
import { setCookieHeaders } from "~/.server/http/cookies";
import { redirectWithToast } from "~/.server/toast";
import {
  changeName,
  changePassword,
  EMAIL_CHANGE_SENT,
  listSessions,
  requestEmailChange,
  signOutOtherSessions,
  signOutSession,
} from "~/domain/users/account.server";
import type { Refused } from "~/domain/users/outcome.server";
import {
  changeEmailSchema,
  changeNameSchema,
  changePasswordSchema,
  twoFactorPasswordSchema,
} from "~/domain/users/schema";
import { renewRecoveryCodes, turnOffTwoFactor, twoFactorRequired } from "~/domain/users/two-factor.server";
import { describeUserAgent } from "~/lib/user-agent";
import { done, invalid, refused, rejected } from "~/routes/shared/answers.server";

const when = (date: Date) => format(date, "MMM d, yyyy");

export async function loadAccount(request: Request) {
  const user = await requireStaff(request);
  const { sessionId } = await getSession(request);
  const sessions = await listSessions(user.id);
  return {
    name: user.name,
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorRequired: await twoFactorRequired(),
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeUserAgent(session.userAgent),
      ipAddress: session.ipAddress,
      signedIn: when(session.createdAt),
      lastSeen: when(session.lastSeenAt),
      current: session.id === sessionId,
    })),
  };
}

const sessionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out-session"), sessionId: z.uuid() }),
  z.object({ intent: z.literal("sign-out-others") }),
]);

// Passwords typed into these forms are never sent back.
const SECRETS = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

/** A refusal of better-auth or our limits, on the form that posted (a wrong current password on its field). */
const refusedByAuth = (submission: Submission<unknown>, intent: string, outcome: Refused, field?: string) =>
  rejected({ ...outcome, field }, { title: "Error", submission, intent, ...SECRETS });

/** A fetch from the page's script; a form posted by the browser itself navigates (or, from an old browser, says nothing). */
const postedByFetch = (request: Request) =>
  ["cors", "same-origin"].includes(request.headers.get("Sec-Fetch-Mode") ?? "");

export async function accountAction(request: Request) {
  const user = await requireStaff(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const headers = request.headers;

  if (intent === "name") {
    const submission = parseWithZod(formData, { schema: changeNameSchema });
    if (submission.status !== "success") return invalid(submission, { intent, ...SECRETS });
    await changeName(user, submission.value.name);
    return done({ type: "success", title: "Name updated" }, { intent, result: submission.reply() });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success") return invalid(submission, { intent, ...SECRETS });
    const outcome = await changePassword(headers, user, submission.value);
    if (!outcome.ok) {
      return refusedByAuth(submission, intent, outcome, outcome.status === 429 ? undefined : "currentPassword");
    }
    const toast = {
      type: "success",
      title: "Password changed",
      description: "Every other session has been signed out.",
    } as const;
    const newCookies = setCookieHeaders(outcome.setCookies);
    // Posted without JavaScript, the page's loaders would run in this same request with the old
    // cookie, whose session the change just ended (signing this browser out): send it back to the
    // page instead, with its new cookie. A fetch (with JavaScript) gets the answer in place.
    if (!postedByFetch(request)) return redirectWithToast("/admin/account", toast, { headers: newCookies });
    return done(toast, { intent, result: submission.reply({ resetForm: true }) }, { headers: newCookies });
  }

  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: changeEmailSchema });
    if (submission.status !== "success") return invalid(submission, { intent, ...SECRETS });
    const outcome = await requestEmailChange(headers, user, submission.value);
    if (!outcome.ok) {
      const field = outcome.status === 429 ? undefined : outcome.status === 400 ? "newEmail" : "currentPassword";
      return refusedByAuth(submission, intent, outcome, field);
    }
    return done(
      { type: "success", title: "Check your email", description: EMAIL_CHANGE_SENT },
      { intent, message: EMAIL_CHANGE_SENT, result: submission.reply({ resetForm: true }) },
    );
  }

  if (intent === "two-factor-off" || intent === "recovery-codes") {
    const submission = parseWithZod(formData, { schema: twoFactorPasswordSchema });
    if (submission.status !== "success") return invalid(submission, { intent, ...SECRETS });
    const password = submission.value.currentPassword;
    if (intent === "recovery-codes") {
      const outcome = await renewRecoveryCodes(headers, user, password);
      if (!outcome.ok) return refusedByAuth(submission, intent, outcome, "currentPassword");
      return done(
        { type: "success", title: "New recovery codes", description: "The old ones no longer work." },
        { intent, result: submission.reply({ resetForm: true }), recoveryCodes: outcome.recoveryCodes },
      );
    }
    const outcome = await turnOffTwoFactor(headers, user, password);
    if (!outcome.ok) {
      return refusedByAuth(submission, intent, outcome, outcome.status === 409 ? undefined : "currentPassword");
    }
    return done(
      { type: "success", title: "Two-factor sign-in is off" },
      { intent, result: submission.reply({ resetForm: true }) },
      { headers: setCookieHeaders(outcome.setCookies) },
    );
  }

  const submission = parseWithZod(formData, { schema: sessionSchema });
  if (submission.status !== "success") {
    const message = "That request was not valid.";
    return invalid(submission, { message, toast: { type: "error", title: "Error", description: message } });
  }
  try {
    if (submission.value.intent === "sign-out-session") {
      await signOutSession(headers, user, submission.value.sessionId);
      return done({ type: "success", title: "Session signed out" }, { intent });
    }
    await signOutOtherSessions(headers, user);
    return done(
      { type: "success", title: "Signed out everywhere else", description: "Only this session is still signed in." },
      { intent },
    );
  } catch (error) {
    return refused(error, { title: "Error", intent });
  }
}
