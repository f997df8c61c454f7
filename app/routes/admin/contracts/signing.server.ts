// The contract page's signing card: send for signature to contacts of the
// project's client, and void a contract out for signature.
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import type { SessionUser } from "~/.server/auth/access";
import { clientIpContext } from "~/.server/http/request-context";
import { sendFormSchema, voidFormSchema } from "~/domain/contracts/signing/schema";
import { sendForSignature, voidContract } from "~/domain/contracts/signing/signing.server";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export function isSigningIntent(formData: FormData): boolean {
  const intent = formData.get("intent");
  return intent === "send" || intent === "void";
}

export async function signingAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  contractId: string,
  user: SessionUser,
) {
  const actor = {
    userId: user.id,
    name: user.name,
    email: user.email,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
  };
  if (formData.get("intent") === "void") {
    const submission = parseWithZod(formData, { schema: voidFormSchema });
    if (submission.status !== "success") return invalid(submission, { intent: "void" });
    try {
      const { name } = await voidContract(contractId, actor);
      return done(
        { type: "success", title: "Contract voided", description: `${name} can no longer be signed.` },
        { intent: "void" },
      );
    } catch (error) {
      return refused(error, { title: "Error voiding contract", submission, intent: "void" });
    }
  }
  const submission = parseWithZod(formData, { schema: sendFormSchema });
  if (submission.status !== "success") return invalid(submission, { intent: "send" });
  try {
    const { recipients } = await sendForSignature({
      contractId,
      contactIds: submission.value.contactIds,
      expiresOn: submission.value.expiresOn,
      actor,
    });
    return done(
      {
        type: "success",
        title: "Sent for signature",
        description: `We emailed ${recipients === 1 ? "the contact" : `${recipients} contacts`} a link to sign.`,
      },
      { intent: "send" },
    );
  } catch (error) {
    return refused(error, { title: "Error sending contract", submission, intent: "send" });
  }
}
