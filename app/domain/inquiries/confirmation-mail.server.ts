// The buyer's confirmation: the company's own mail (its name from Settings →
// Company, the branded layout) saying the request arrived, what happens next,
// and the page it was sent from. Links start at PUBLIC_URL (publicOrigin),
// never at a client's headers. It goes to whatever address was typed, so it
// carries nothing else the sender typed (not even their name): the form must
// not let a stranger send the company's mail, with words of their choosing, to
// someone else.
import { brandedMail, companyName } from "~/domain/company/branded-mail.server";
import { projectPath } from "~/domain/projects/embed";
import type { InquirySource } from "./inquiries.server";

/** The public page the request came from, or null when it is not public (a staff preview). */
function sourceUrl(source: InquirySource, origin: string): string | null {
  if (!source.published) return null;
  if (source.kind === "gallery") return source.slug ? `${origin}/gallery/${encodeURIComponent(source.slug)}` : null;
  return `${origin}${projectPath({ id: source.id, projectName: source.projectName ?? null })}`;
}

export async function buyerConfirmationMail(input: { to: string; source: InquirySource; origin: string }) {
  const { source } = input;
  const company = await companyName();
  const url = sourceUrl(source, input.origin);
  return brandedMail({
    to: input.to,
    subject: `We received your request — ${company}`,
    paragraphs: [
      "Hello,",
      `Thank you for asking about a playground like ${source.title}. Your request has reached our team.`,
      "What happens next: one of us reads your message and contacts you, usually within two working days, to talk about your site, the children it is for, your timing and your budget. Then we prepare a first design and a quote for you; a site plan or photos of the site help, if you have them.",
    ],
    action: url
      ? { label: source.kind === "gallery" ? "See the gallery again" : "See the project again", url }
      : undefined,
    footnote:
      "You receive this email because this address was entered on our request form. If that was not you, please ignore it.",
  });
}
