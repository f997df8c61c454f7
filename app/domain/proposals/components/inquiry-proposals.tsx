// The proposals made for an inquiry, on its admin page: each with its status,
// and how to start another.
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import type { ProposalStatus } from "../forms";
import { ProposalStatusBadge } from "./proposal-status-badge";

export function InquiryProposals({
  inquiryId,
  proposals,
}: {
  inquiryId: string;
  proposals: { id: string; title: string; status: ProposalStatus }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Proposals</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {proposals.length ? (
          <ul className="grid gap-2" aria-label="Proposals for this inquiry">
            {proposals.map((proposal) => (
              <li key={proposal.id} className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/proposals/${proposal.id}`} className="font-medium underline underline-offset-4">
                  {proposal.title}
                </Link>
                <ProposalStatusBadge status={proposal.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            No proposals yet.{" "}
            <Link to={`/admin/proposals/new?inquiry=${inquiryId}`} className="underline underline-offset-4">
              Create one from this inquiry
            </Link>
            .
          </p>
        )}
      </CardContent>
    </Card>
  );
}
