// The glue of /auth/invitation: the link an administrator's invitation mails.
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { setCookieHeaders } from "~/.server/http/cookies";
import { clientIpContext } from "~/.server/http/request-context";
import { redirectWithToast } from "~/.server/toast";
import { getCompanyName } from "~/domain/company/company.server";
import { acceptInvitation, findInvitation, INVITATION_INVALID } from "~/domain/users/invitations.server";
import { acceptInvitationSchema } from "~/domain/users/schema";
import { invalid, rejected } from "~/routes/shared/answers.server";

export async function loadInvitation(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [invitation, siteName] = await Promise.all([findInvitation(token), getCompanyName()]);
  return { token, invitation: invitation ?? null, invalidMessage: INVITATION_INVALID, siteName };
}

export async function invitationAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: acceptInvitationSchema });
  const secrets = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return invalid(submission, secrets);
  const outcome = await acceptInvitation({
    token: submission.value.token,
    name: submission.value.fullName,
    password: submission.value.password,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
  });
  if (!outcome.ok) return rejected(outcome, { title: "Sign up failed", submission, ...secrets });
  return redirectWithToast(
    "/admin",
    {
      type: "success",
      title: `Welcome to ${await getCompanyName()}`,
      description: "Your account is ready and you are signed in.",
    },
    { headers: setCookieHeaders(outcome.setCookies) },
  );
}
