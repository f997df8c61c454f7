// The client's sent proposals: status, version, total and last valid day, and
// the way to read (and answer) each one.
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { formatMoney } from "~/domain/proposals/money";
import { longDate } from "~/lib/format";
import { Button } from "~/ui/button";
import type { PortalProposalRow } from "../portal-proposals.server";

const ANSWERABLE = new Set(["sent", "viewed", "changes_requested"]);

export function ProposalList({ proposals }: { proposals: PortalProposalRow[] }) {
  if (proposals.length === 0) {
    return (
      <p className="rounded-lg border bg-background p-6 text-muted-foreground">
        No proposals to show yet. When we send you one, it appears here and we email you.
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {proposals.map((proposal) => {
        const open = ANSWERABLE.has(proposal.status);
        return (
          <li key={proposal.id} className="flex flex-wrap items-center gap-3 rounded-lg border bg-background p-4">
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{proposal.title}</span>
                <ProposalStatusBadge status={proposal.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {`Version ${proposal.version} · ${formatMoney(proposal.total, proposal.money)}`}
                {proposal.validUntil ? ` · Valid until ${longDate(proposal.validUntil)}` : ""}
              </p>
            </div>
            <Button asChild variant={open ? "default" : "outline"} size="sm">
              <a href={`/portal/proposals/${proposal.id}`}>
                {open ? "Read and answer" : "View"}
                <span className="sr-only"> {proposal.title}</span>
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
