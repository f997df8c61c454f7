// One proposal in the portal: the latest sent version's design pictures,
// introduction, line items and totals (updating as the buyer ticks options),
// terms, its PDF, the changes thread, and the buyer's answers. Reads on a
// phone as a single column and prints as the document (the forms stay off paper).
import { Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { priceProposal } from "~/domain/proposals/totals";
import { longDate } from "~/lib/format";
import { Button } from "~/ui/button";
import type { PortalProposal as Proposal } from "../portal-proposals.server";
import { ProposalLines } from "./proposal-lines";

/** The statuses in which the buyer may still choose options and answer. */
export const ANSWERABLE = ["sent", "viewed", "changes_requested"] as const;

export const canAnswer = (proposal: Pick<Proposal, "status" | "answer">) =>
  proposal.answer === null && (ANSWERABLE as readonly string[]).includes(proposal.status);

function StatusNote({ proposal }: { proposal: Proposal }) {
  const { answer } = proposal;
  const text: Partial<Record<string, string>> = {
    sent: "Read the proposal and tick any options you would like: the total updates as you choose.",
    viewed: "Read the proposal and tick any options you would like: the total updates as you choose.",
    changes_requested:
      "You asked us for changes: we will send you a revised version. You can still accept this one as it is.",
    accepted: `Accepted${answer?.typedName ? ` by ${answer.typedName}` : ""} on ${answer ? longDate(answer.at.toISOString().slice(0, 10)) : "—"}. Thank you: we will send you the contract to sign.`,
    declined: `You declined this proposal${answer?.declineReason ? `: "${answer.declineReason}"` : "."} Thank you for telling us.`,
    expired: `This proposal was valid until ${longDate(proposal.validUntil) ?? "its last day"}. Ask us for a new one.`,
    withdrawn: "We withdrew this proposal: it can no longer be accepted. We will be in touch.",
  };
  return <p className="text-muted-foreground">{text[proposal.status] ?? ""}</p>;
}

/** A heading and its plain text, blank lines making paragraphs; nothing when the text is blank. */
function TextSection({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, index) => (
          <p key={index} className="break-words whitespace-pre-line">
            {paragraph.trim()}
          </p>
        ))}
    </section>
  );
}

export function PortalProposal({
  proposal,
  children,
}: {
  proposal: Proposal;
  /** The answers and the thread, under the document. */
  children?: (state: { chosen: ReadonlySet<string>; total: number }) => ReactNode;
}) {
  const open = canAnswer(proposal);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(proposal.answer?.chosenLineIds ?? []));
  const pricing = priceProposal(proposal.lines, chosen);
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const [hero, ...more] = proposal.design;
  return (
    <div className="grid gap-8 print:gap-4">
      <div className="grid gap-3">
        <a
          href="/portal/proposals"
          className="w-fit text-sm underline underline-offset-4 hover:no-underline print:hidden"
        >
          ← Your proposals
        </a>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{proposal.title}</h1>
          <ProposalStatusBadge status={proposal.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {`Version ${proposal.number} · Sent ${longDate(proposal.sentAt.toISOString().slice(0, 10))}`}
          {proposal.validUntil ? ` · Valid until ${longDate(proposal.validUntil)}` : ""}
          {proposal.projectTitle ? ` · ${proposal.projectTitle}` : ""}
        </p>
        <StatusNote proposal={proposal} />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline">
            <a href={`/portal/proposals/${proposal.id}/document`} download>
              <Download aria-hidden="true" />
              Download the PDF<span className="sr-only">: {proposal.title}</span>
            </a>
          </Button>
        </div>
      </div>

      {hero ? (
        <section aria-labelledby="design-heading" className="grid gap-3">
          <h2 id="design-heading" className="text-xl font-semibold">
            The design
          </h2>
          <figure className="grid gap-2 break-inside-avoid">
            <ResponsiveImage
              image={hero.image}
              alt={hero.caption ?? `Design render for ${proposal.title}`}
              sizes="(min-width: 1024px) 960px, 100vw"
              className="w-full rounded-lg"
              priority
            />
            {hero.caption ? <figcaption className="text-sm text-muted-foreground">{hero.caption}</figcaption> : null}
          </figure>
          {more.length ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {more.map((picture, index) => (
                <li key={index} className="break-inside-avoid">
                  <figure className="grid gap-1">
                    <ResponsiveImage
                      image={picture.image}
                      alt={picture.caption ?? `Design picture ${index + 2}`}
                      sizes="(min-width: 640px) 33vw, 50vw"
                      className="aspect-4/3 w-full rounded-md"
                    />
                    {picture.caption ? (
                      <figcaption className="text-sm text-muted-foreground">{picture.caption}</figcaption>
                    ) : null}
                  </figure>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <TextSection id="introduction-heading" title="Introduction" text={proposal.introduction} />

      <section aria-labelledby="lines-heading" className="grid gap-3">
        <h2 id="lines-heading" className="text-xl font-semibold">
          What we propose
        </h2>
        <ProposalLines proposal={proposal} pricing={pricing} chosen={chosen} onToggle={open ? toggle : null} />
      </section>

      <TextSection id="terms-heading" title="Terms" text={proposal.terms} />

      {children?.({ chosen, total: pricing.totals.gross })}
    </div>
  );
}
