// A project's contracts on its edit page: status, title, dates and a link to
// each contract, and a way to start a new one for this project.
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { numericDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { ProjectContract } from "../contracts.server";
import { ContractStatusBadge } from "./contract-status-badge";

export function ProjectContracts({ projectId, contracts }: { projectId: string; contracts: ProjectContract[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Contracts</h2>
        </CardTitle>
        <CardDescription>Contracts and signatures for this project.</CardDescription>
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/contracts/new?projectId=${projectId}`}>
              <Plus aria-hidden="true" />
              New Contract
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {contracts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No contracts for this project yet.</p>
        ) : (
          <ul aria-label="Project contracts" className="divide-y rounded-md border">
            {contracts.map((contract) => (
              <li key={contract.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
                <ContractStatusBadge status={contract.status} />
                <div className="min-w-0 flex-1">
                  <Link to={`/admin/contracts/${contract.id}/edit`} className="font-medium break-words hover:underline">
                    {contract.title ?? "Untitled contract"}
                  </Link>
                  <p className="text-muted-foreground">
                    Sent: {numericDate(contract.dateSent) ?? "—"} · Signed: {numericDate(contract.dateSigned) ?? "—"}
                    {contract.hasDocument ? " · Signed document" : ""}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
