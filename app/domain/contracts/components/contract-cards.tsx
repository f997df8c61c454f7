// The contracts list as a card grid: status badge, project title, the title or
// reference, 'Client: {name}', 'Sent: {date}', 'Signed: {date}', and the
// card's actions (download the signed document, edit, delete after a confirmation).
import { Download, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { useListDelete } from "~/components/list-delete";
import { ListLoading, useListReloading } from "~/components/list-loading";
import { numericDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/ui/card";
import type { ContractListRow } from "../contracts.server";
import { ContractStatusBadge } from "./contract-status-badge";

/** A signing step's moment, the same for every viewer (UTC). */
const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { month: "numeric", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" })} UTC`;

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <p>
      <span className="text-muted-foreground">{label}:</span> {children}
    </p>
  );
}

export function ContractCards({ rows }: { rows: ContractListRow[] }) {
  const reloading = useListReloading();
  const remove = useListDelete<ContractListRow>({
    title: "Delete this contract?",
    description: (contract) =>
      `This action cannot be undone. The contract for "${contract.projectTitle}"${contract.documentName ? " and its signed document" : ""} will be permanently deleted.`,
  });

  if (reloading) return <ListLoading text="Loading contracts..." />;
  if (rows.length === 0) {
    return <EmptyState>No contracts found. Create your first contract to get started.</EmptyState>;
  }
  return (
    <>
      <ul aria-label="Contracts" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {rows.map((row) => {
          const name = row.title ? `${row.projectTitle}, ${row.title}` : `${row.projectTitle} contract`;
          return (
            <li key={row.id} className="min-w-0">
              <Card className="h-full gap-4 py-5">
                <CardHeader className="grid-cols-[1fr_auto] gap-x-3 px-5">
                  <CardTitle asChild className="min-w-0 text-base">
                    <h2>
                      <Link to={`/admin/contracts/${row.id}/edit`} className="break-words hover:underline">
                        {row.projectTitle}
                      </Link>
                    </h2>
                  </CardTitle>
                  <div className="col-start-2 row-span-2 row-start-1">
                    <ContractStatusBadge status={row.status} />
                  </div>
                  {row.title ? <CardDescription className="break-words">{row.title}</CardDescription> : null}
                </CardHeader>
                <CardContent className="grid flex-1 content-start gap-1 px-5 text-sm">
                  <Line label="Client">{row.clientName}</Line>
                  <Line label="Sent">{numericDate(row.dateSent) ?? "—"}</Line>
                  {row.viewedAt ? <Line label="Viewed">{dateTime(row.viewedAt)}</Line> : null}
                  {row.declinedAt && row.status === "declined" ? (
                    <Line label="Declined">{dateTime(row.declinedAt)}</Line>
                  ) : null}
                  <Line label="Signed">
                    {row.signedAt && row.status === "signed"
                      ? dateTime(row.signedAt)
                      : (numericDate(row.dateSigned) ?? "—")}
                  </Line>
                </CardContent>
                <CardFooter className="flex-wrap gap-2 border-t px-5 pt-4">
                  {row.documentName ? (
                    <Button asChild variant="ghost" size="sm" className="mr-auto">
                      <a href={`/admin/contracts/${row.id}/document`} download title={row.documentName}>
                        <Download aria-hidden="true" />
                        Document<span className="sr-only"> of {name}</span>
                      </a>
                    </Button>
                  ) : (
                    <span className="mr-auto text-xs text-muted-foreground">No document</span>
                  )}
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/admin/contracts/${row.id}/edit`}>
                      <Pencil aria-hidden="true" />
                      Edit<span className="sr-only"> {name}</span>
                    </Link>
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove.ask(row)}>
                    <Trash2 aria-hidden="true" />
                    Delete<span className="sr-only"> {name}</span>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
      {remove.dialog}
    </>
  );
}
