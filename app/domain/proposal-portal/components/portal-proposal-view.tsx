// One proposal in the portal: the latest sent version as the buyer reads it
// on a phone or prints it for a budget meeting — cover, introduction, the line
// items by section with the optional ones to tick, the totals updating as they
// tick (totals.ts, as the server prices it), terms — and, while it is open,
// accept, ask for changes or decline. Print hides the forms and the chrome.
import { Download, Printer } from "lucide-react";
import { useMemo, useState } from "react";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { formatMoney } from "~/domain/proposals/money";
import { priceProposal } from "~/domain/proposals/totals";
import type { ActionResult } from "~/lib/action-result";
import { longDate } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { OPEN_STATUSES, type PortalProposal, STATUS_LABELS } from "../portal-proposal";
import { ChangesThread } from "./changes-thread";
import { LineItems } from "./line-items";
import { ACCEPT_FORM_ID, AcceptForm, ChangesForm, DeclineForm } from "./respond-forms";
import { TotalsSummary } from "./totals-summary";

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
    </>
  );
}

function StatusNote({ proposal }: { proposal: PortalProposal }) {
  const { acceptance } = proposal;
  const text: Record<string, string> = {
    sent: "Please read the proposal, tick any options you would like, then accept it below, ask for changes or decline.",
    viewed:
      "Please read the proposal, tick any options you would like, then accept it below, ask for changes or decline.",
    changes_requested: "You asked for changes: we will send a new version. You can still accept this one as it stands.",
    accepted: acceptance
      ? `Accepted by ${acceptance.name} on ${longDate(acceptance.acceptedAt.slice(0, 10))}. Thank you: we will send the contract to sign.`
      : "Accepted. Thank you: we will send the contract to sign.",
    declined: `You declined this proposal${proposal.declinedReason ? `: "${proposal.declinedReason}"` : "."}`,
    expired: `This proposal was valid until ${longDate(proposal.validUntil) ?? "its last day"}. Ask us for a new one.`,
    withdrawn: "We withdrew this proposal: it can no longer be accepted. We will send a new one if needed.",
  };
  return <p className="text-muted-foreground print:hidden">{text[proposal.status]}</p>;
}

export function PortalProposalView({ proposal, answer }: { proposal: PortalProposal; answer?: ActionResult }) {
  const open = OPEN_STATUSES.includes(proposal.status);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(proposal.acceptance?.chosenLineIds ?? []));
  const pricing = useMemo(() => priceProposal(proposal.lines, chosen), [proposal.lines, chosen]);
  const money = (minor: number) => formatMoney(minor, proposal.money);
  const pdf = `/portal/proposals/${proposal.id}/pdf`;
  const toggle = (lineId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
  return (
    <article className="grid gap-8 print:gap-6" aria-labelledby="proposal-title">
      <div className="grid gap-3">
        <a href="/portal" className="w-fit text-sm underline underline-offset-4 hover:no-underline print:hidden">
          ← Your projects, proposals and contracts
        </a>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="proposal-title" className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
            {proposal.title}
          </h1>
          <Badge variant={proposal.status === "accepted" ? "default" : "secondary"}>
            {STATUS_LABELS[proposal.status]}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Proposal for {proposal.clientName}
          {proposal.site ? ` · ${proposal.site}` : ""} · Version {proposal.version} · Issued{" "}
          {longDate(proposal.issuedOn)}
          {proposal.validUntil ? ` · Valid until ${longDate(proposal.validUntil)}` : ""}
        </p>
        <StatusNote proposal={proposal} />
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline">
            <a href={pdf} download>
              <Download aria-hidden="true" />
              Download the PDF
            </a>
          </Button>
          {proposal.status === "accepted" ? (
            <Button asChild variant="outline">
              <a href={`/portal/proposals/${proposal.id}/certificate`} download>
                <Download aria-hidden="true" />
                Accepted copy with certificate
              </a>
            </Button>
          ) : null}
          <PrintButton />
        </div>
      </div>

      {proposal.hero ? (
        <ResponsiveImage
          image={proposal.hero}
          alt={`The design: ${proposal.title}`}
          sizes="(min-width: 1024px) 960px, 100vw"
          priority
          className="w-full rounded-xl print:max-h-[45vh]"
        />
      ) : null}

      {proposal.introduction?.trim() ? (
        <section aria-labelledby="introduction-heading" className="grid max-w-prose gap-3 leading-relaxed">
          <h2 id="introduction-heading" className="text-xl font-semibold">
            Introduction
          </h2>
          <Paragraphs text={proposal.introduction} />
        </section>
      ) : null}

      <section aria-labelledby="items-heading" className="grid gap-6 rounded-xl border bg-background p-4 sm:p-6">
        <h2 id="items-heading" className="text-xl font-semibold">
          What we propose
        </h2>
        <LineItems
          proposal={proposal}
          pricing={pricing}
          chosen={chosen}
          onToggle={open ? toggle : null}
          formId={ACCEPT_FORM_ID}
        />
        <TotalsSummary proposal={proposal} pricing={pricing} accepted={proposal.status === "accepted"} />
      </section>

      {proposal.terms?.trim() ? (
        <section aria-labelledby="terms-heading" className="grid max-w-prose gap-3 text-sm leading-relaxed">
          <h2 id="terms-heading" className="text-xl font-semibold">
            Terms
          </h2>
          <Paragraphs text={proposal.terms} />
        </section>
      ) : null}

      {proposal.preparedBy ? (
        <p className="text-sm text-muted-foreground">
          Prepared by {proposal.preparedBy.name}
          {proposal.preparedBy.email ? ` · ${proposal.preparedBy.email}` : ""}
          {proposal.preparedBy.phone ? ` · ${proposal.preparedBy.phone}` : ""}
        </p>
      ) : null}

      {proposal.thread.length || open ? (
        <section aria-labelledby="thread-heading" className="grid gap-3 print:hidden">
          <h2 id="thread-heading" className="text-xl font-semibold">
            Questions and changes
          </h2>
          <ChangesThread messages={proposal.thread} empty="Nothing asked yet." />
        </section>
      ) : null}

      {open ? (
        <section aria-labelledby="accept-heading" className="grid gap-4 print:hidden">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 id="accept-heading">Accept this proposal</h2>
              </CardTitle>
              <CardDescription>
                You signed in with a code emailed to you: that, with your name, is how we record who accepted.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AcceptForm
                answer={answer}
                total={pricing.totals.gross}
                totalText={money(pricing.totals.gross)}
                versionSha256={proposal.versionSha256}
              />
            </CardContent>
          </Card>
          <ChangesForm answer={answer} />
          <DeclineForm answer={answer} />
        </section>
      ) : null}

      <p className="hidden text-xs break-all text-muted-foreground print:block">
        Version {proposal.version} · SHA-256 {proposal.versionSha256}
      </p>
    </article>
  );
}

function PrintButton() {
  return (
    <Button type="button" variant="ghost" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Print
    </Button>
  );
}
