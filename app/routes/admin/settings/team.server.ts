// The loader and action behind /admin/settings/team (administrators only): the
// accounts with their state, and what an administrator can do to each (access,
// disable / enable, a password reset link), plus the audit trail.
import { parseWithZod } from "@conform-to/zod/v4";
import { format } from "date-fns";
import { z } from "zod";
import { requireAdmin } from "~/.server/auth/access";
import { STAFF_ROLES } from "~/tables";
import { listAudit } from "~/domain/audit/audit.server";
import { auditActionLabel } from "~/domain/audit/labels";
import { auditQuerySchema } from "~/domain/audit/schema";
import { disableAccount, enableAccount } from "~/domain/users/disable.server";
import { sendPasswordResetLink } from "~/domain/users/password-reset.server";
import { resetTwoFactorByAdmin, setTwoFactorRequired, twoFactorRequired } from "~/domain/users/two-factor.server";
import { invite, listOpenInvitations, revokeInvitation } from "~/domain/users/invitations.server";
import { inviteSchema } from "~/domain/users/schema";
import { listAccounts, setRole } from "~/domain/users/users.server";
import { pageFromSearchParams } from "~/lib/pagination";
import { done, invalid, refused, rejected } from "~/routes/shared/answers.server";

const userId = z.uuid();
const teamActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-role"), userId, role: z.enum(STAFF_ROLES) }),
  z.object({ intent: z.literal("disable"), userId }),
  z.object({ intent: z.literal("enable"), userId }),
  z.object({ intent: z.literal("send-reset"), userId }),
  z.object({ intent: z.literal("reset-two-factor"), userId }),
  z.object({ intent: z.literal("require-two-factor"), required: z.enum(["on", "off"]) }),
  inviteSchema,
  z.object({ intent: z.literal("revoke-invitation"), invitationId: z.uuid() }),
]);

const ROLE_TOASTS = {
  staff: "Staff access granted",
  admin: "Administrator access granted",
  pending: "Access revoked",
} as const;

const when = (date: Date) => format(date, "MMM d, yyyy, HH:mm");

export async function loadTeam(request: Request) {
  const me = await requireAdmin(request);
  // The activity's filters and page live in the URL (Team's only list).
  const params = new URL(request.url).searchParams;
  const activityQuery = auditQuerySchema.parse(Object.fromEntries(params));
  const [accounts, audit, required, invitations] = await Promise.all([
    listAccounts(),
    listAudit({ ...activityQuery, page: pageFromSearchParams(params) }),
    twoFactorRequired(),
    listOpenInvitations(),
  ]);
  return {
    invitations: invitations.map(({ expiresAt, ...invitation }) => ({ ...invitation, expires: when(expiresAt) })),
    meId: me.id,
    twoFactorRequired: required,
    accounts: accounts.map(({ createdAt, lastSignInAt, ...account }) => ({
      ...account,
      joined: createdAt.toLocaleDateString("en-US"),
      lastSignIn: lastSignInAt ? when(lastSignInAt) : null,
    })),
    activityQuery,
    activity: {
      ...audit,
      rows: audit.rows.map((entry) => ({
        id: entry.id,
        when: when(entry.createdAt),
        actor: entry.actorName,
        action: auditActionLabel(entry.action),
        target: entry.targetLabel,
      })),
    },
    people: accounts.map((account) => ({ value: account.id, label: `${account.name} (${account.email})` })),
  };
}

export async function teamAction(request: Request) {
  const me = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: teamActionSchema });
  if (submission.status !== "success") {
    const message = "That request was not valid.";
    return invalid(submission, { message, toast: { type: "error", title: "Error", description: message } });
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "set-role": {
        const target = await setRole(me, value.userId, value.role);
        return done({
          type: "success",
          title: ROLE_TOASTS[value.role],
          description: `${target.name} (${target.email})`,
        });
      }
      case "disable": {
        const target = await disableAccount(me, value.userId);
        return done({
          type: "success",
          title: "Account disabled",
          description: `${target.name} (${target.email}) is signed out and cannot sign in.`,
        });
      }
      case "enable": {
        const target = await enableAccount(me, value.userId);
        return done({
          type: "success",
          title: "Account enabled",
          description: `${target.name} (${target.email}) can sign in again.`,
        });
      }
      case "reset-two-factor": {
        const target = await resetTwoFactorByAdmin(me, value.userId);
        return done({
          type: "success",
          title: "Two-factor sign-in turned off",
          description: `${target.name} (${target.email}) signs in with the password alone until they set it up again.`,
        });
      }
      case "require-two-factor": {
        const required = value.required === "on";
        await setTwoFactorRequired(me, required);
        return done(
          required
            ? {
                type: "success",
                title: "Two-factor sign-in required",
                description: "Staff without it are asked to set it up before anything else.",
              }
            : { type: "success", title: "Two-factor sign-in no longer required" },
        );
      }
      case "invite": {
        const outcome = await invite(me, { email: value.email, role: value.role });
        if (!outcome.ok) {
          return rejected(outcome, { title: "Invitation not sent", submission, intent: value.intent });
        }
        return done(
          {
            type: "success",
            title: "Invitation sent",
            description: `We mailed ${value.email} a link to join as ${value.role === "admin" ? "an administrator" : "staff"}. It works once, for 7 days.`,
          },
          { intent: "invite", result: submission.reply({ resetForm: true }) },
        );
      }
      case "revoke-invitation": {
        const revoked = await revokeInvitation(me, value.invitationId);
        return done({
          type: "success",
          title: "Invitation revoked",
          description: `The link sent to ${revoked.email} no longer works.`,
        });
      }
      case "send-reset": {
        const outcome = await sendPasswordResetLink(me, value.userId);
        if (!outcome.ok) return rejected(outcome, { title: "Password reset link not sent", intent: value.intent });
        return done({
          type: "success",
          title: "Password reset link sent",
          description: `We mailed a link to ${outcome.email}. It works once, within an hour.`,
        });
      }
    }
  } catch (error) {
    return refused(error, { title: "Error", submission, intent: value.intent });
  }
}
