import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/.server/auth/access";
import { ROLES } from "~/.server/db/schema";
import { toastHeaders } from "~/.server/toast";
import { TeamTable } from "~/domain/users/components/team-table";
import { listAccounts, RoleChangeError, setRole } from "~/domain/users/users.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [{ title: "Team · Playfolio Admin" }];

const setRoleSchema = z.object({
  intent: z.literal("set-role"),
  userId: z.uuid(),
  role: z.enum(ROLES),
});

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const accounts = await listAccounts();
  return { meId: me.id, accounts: accounts.map((a) => ({ ...a, joined: a.createdAt.toLocaleDateString("en-US") })) };
}

const ROLE_TOASTS = {
  staff: "Staff access granted",
  admin: "Administrator access granted",
  pending: "Access revoked",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: setRoleSchema });
  if (submission.status !== "success") {
    return data(
      { ok: false },
      {
        status: 400,
        headers: await toastHeaders({ type: "error", title: "Error", description: "That request was not valid." }),
      },
    );
  }
  try {
    const target = await setRole(me, submission.value.userId, submission.value.role);
    return data(
      { ok: true },
      {
        headers: await toastHeaders({
          type: "success",
          title: ROLE_TOASTS[submission.value.role],
          description: `${target.name} (${target.email})`,
        }),
      },
    );
  } catch (error) {
    if (!(error instanceof RoleChangeError)) throw error;
    return data(
      { ok: false },
      { status: 409, headers: await toastHeaders({ type: "error", title: "Error", description: error.message }) },
    );
  }
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Team</h2>
        <p className="text-sm text-muted-foreground">
          New accounts wait here until you grant them staff access. Staff can use the whole portal; administrators can
          also manage this list.
        </p>
      </div>
      <TeamTable accounts={loaderData.accounts} meId={loaderData.meId} />
    </section>
  );
}
