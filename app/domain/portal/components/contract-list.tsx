// The client's contracts: status, project, dates, and the way to read (and,
// for the people asked, sign) each one.
import { ContractStatusBadge } from "~/domain/contracts/components/contract-status-badge";
import { AWAITING_SIGNATURE } from "~/domain/contracts/schema";
import { longDate } from "~/lib/format";
import { Button } from "~/ui/button";
import type { PortalContractRow } from "../portal.server";

export function ContractList({ contracts, empty }: { contracts: PortalContractRow[]; empty: string }) {
  if (contracts.length === 0) {
    return <p className="rounded-lg border bg-background p-6 text-muted-foreground">{empty}</p>;
  }
  return (
    <ul className="grid gap-3">
      {contracts.map((contract) => {
        const name = contract.title ?? `${contract.projectTitle} contract`;
        const toSign = contract.forMe && AWAITING_SIGNATURE.includes(contract.status);
        return (
          <li key={contract.id} className="flex flex-wrap items-center gap-3 rounded-lg border bg-background p-4">
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">{name}</span>
                <ContractStatusBadge status={contract.status} />
              </p>
              <p className="text-sm text-muted-foreground">
                {contract.projectTitle}
                {contract.dateSent ? ` · Sent ${longDate(contract.dateSent)}` : ""}
                {contract.dateSigned ? ` · Signed ${longDate(contract.dateSigned)}` : ""}
                {toSign && contract.expiresOn ? ` · Sign by ${longDate(contract.expiresOn)}` : ""}
              </p>
            </div>
            <Button asChild variant={toSign ? "default" : "outline"} size="sm">
              <a href={`/portal/contracts/${contract.id}`}>
                {toSign ? "Review and sign" : "View"}
                <span className="sr-only"> {name}</span>
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
