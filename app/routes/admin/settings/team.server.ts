// The loader and action behind /admin/settings/team (administrators only):
// the accounts, and granting or revoking access.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { requireAdmin } from "~/.server/auth/access";
import { ROLES } from "~/.server/db/schema";
import { listAccounts, setRole } from "~/domain/users/users.server";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const setRoleSchema = z.object({
  intent: z.literal("set-role"),
  userId: z.uuid(),
  role: z.enum(ROLES),
});

const ROLE_TOASTS = {
  staff: "Staff access granted",
  admin: "Administrator access granted",
  pending: "Access revoked",
} as const;

export async function loadTeam(request: Request) {
  const me = await requireAdmin(request);
  const accounts = await listAccounts();
  return { meId: me.id, accounts: accounts.map((a) => ({ ...a, joined: a.createdAt.toLocaleDateString("en-US") })) };
}

export async function teamAction(request: Request) {
  const me = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: setRoleSchema });
  if (submission.status !== "success") {
    const message = "That request was not valid.";
    return invalid(submission, { message, toast: { type: "error", title: "Error", description: message } });
  }
  const { userId, role } = submission.value;
  try {
    const target = await setRole(me, userId, role);
    return done({ type: "success", title: ROLE_TOASTS[role], description: `${target.name} (${target.email})` });
  } catch (error) {
    return refused(error, { title: "Error" });
  }
}
