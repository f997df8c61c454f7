// The contact page's client portal buttons: give access (or send the
// invitation again) and remove it.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { SessionUser } from "~/.server/auth/access";
import { invitePortalContact, removePortalAccess } from "~/domain/contacts/portal-access.server";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const schema = z.object({ intent: z.enum(["portal-invite", "portal-remove"]) });

export function isPortalIntent(formData: FormData): boolean {
  const intent = formData.get("intent");
  return typeof intent === "string" && intent.startsWith("portal-");
}

export async function portalAccessAction(formData: FormData, contactId: string, user: SessionUser) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalid(submission);
  const actor = { id: user.id, name: user.name };
  if (submission.value.intent === "portal-remove") {
    try {
      const { name } = await removePortalAccess(contactId, actor);
      return done(
        { type: "success", title: "Portal access removed", description: `${name} is signed out of the client portal.` },
        { intent: "portal-remove" },
      );
    } catch (error) {
      return refused(error, { title: "Error removing portal access", submission, intent: "portal-remove" });
    }
  }
  try {
    const { email, again } = await invitePortalContact(contactId, actor);
    return done(
      {
        type: "success",
        title: again ? "Invitation sent again" : "Invited to the portal",
        description: `We emailed ${email} a link to the client portal.`,
      },
      { intent: "portal-invite" },
    );
  } catch (error) {
    return refused(error, { title: "Error inviting to the portal", submission, intent: "portal-invite" });
  }
}
