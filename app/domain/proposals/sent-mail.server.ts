// The mail a client's contacts get when a proposal version is sent: the
// company's branded mail with the link to it in the client portal. It says
// nothing of the price: the page behind the sign-in does.
import { appOrigin } from "~/.server/env";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { longDate } from "~/lib/format";
import { brandedMail } from "../company/branded-mail.server";

export interface SentProposal {
  id: string;
  title: string;
  number: number;
  validUntil: string | null;
}

/** One mail per recipient, after the send committed; a mail that fails is logged, never undoes the send. */
export async function mailSentProposal(
  proposal: SentProposal,
  recipients: { name: string; email: string }[],
): Promise<{ mailed: number }> {
  let mailed = 0;
  const revised = proposal.number > 1;
  for (const person of recipients) {
    try {
      await sendMail(
        await brandedMail({
          to: person.email,
          subject: revised ? `Revised proposal: ${proposal.title}` : `Your proposal: ${proposal.title}`,
          paragraphs: [
            `Hello ${person.name},`,
            revised
              ? `We sent you version ${proposal.number} of our proposal "${proposal.title}" to read in the client portal.`
              : `We sent you our proposal "${proposal.title}" to read in the client portal.`,
            "You can tick the options you would like, accept it, ask us for changes or decline it there, and download it as a PDF for your budget meeting.",
            ...(proposal.validUntil ? [`It is valid until ${longDate(proposal.validUntil)}.`] : []),
            "Sign in to the client portal with this email address: we email you a 6-digit code, no password needed.",
          ],
          action: { label: "Read the proposal", url: `${appOrigin()}/portal/proposals/${proposal.id}` },
          footnote: "You get this mail because you are a contact of your organisation with us.",
        }),
      );
      mailed++;
    } catch (error) {
      logger().error({ err: error, to: person.email, proposal: proposal.id }, "proposal mail not sent");
    }
  }
  return { mailed };
}
