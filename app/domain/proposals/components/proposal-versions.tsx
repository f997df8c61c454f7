// A proposal's versions, newest first: v1, v2… with when and by whom each was
// sent, its total, line count and content hash, the PDF of each and, from the
// second on, the comparison with the one before.
import { Download, GitCompare } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "../money";
import type { VersionSummary } from "../proposals.server";
import { TitledCard } from "./titled-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

/** A version as the page's loader gives it: when it was sent already formatted. */
export type VersionRow = Omit<VersionSummary, "sentAt"> & { sent: string | null };

export function ProposalVersions({ proposalId, versions }: { proposalId: string; versions: VersionRow[] }) {
  return (
    <TitledCard
      id="versions"
      title="Versions"
      description="A sent version never changes: editing the proposal after sending starts the next one."
      className="overflow-x-auto"
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Version</TableHead>
            <TableHead>Sent</TableHead>
            <TableHead>Sent by</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead className="text-right">Lines</TableHead>
            <TableHead>Content hash</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((version) => {
            const money = { currency: version.currency, locale: version.locale };
            return (
              <TableRow key={version.id}>
                <TableCell className="font-medium">v{version.number}</TableCell>
                <TableCell>{version.sent ?? <span className="text-muted-foreground">Draft, not sent</span>}</TableCell>
                <TableCell>{version.sentByName ?? "—"}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatMoney(version.total, money)}
                  {version.totalWithOptional !== version.total ? (
                    <span className="block text-xs text-muted-foreground">
                      {formatMoney(version.totalWithOptional, money)} with options
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{version.lineCount}</TableCell>
                <TableCell>
                  {version.contentSha256 ? (
                    <code className="text-xs" title={version.contentSha256}>
                      {version.contentSha256.slice(0, 12)}
                    </code>
                  ) : (
                    "—"
                  )}
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <a
                      href={`/admin/proposals/${proposalId}/pdf?version=${version.number}`}
                      className="inline-flex items-center gap-1 underline underline-offset-4"
                      download
                    >
                      <Download aria-hidden="true" className="size-4" />
                      PDF<span className="sr-only"> of version {version.number}</span>
                    </a>
                    {version.number > 1 ? (
                      <Link
                        to={`/admin/proposals/${proposalId}/compare?from=${version.number - 1}&to=${version.number}`}
                        className="inline-flex items-center gap-1 underline underline-offset-4"
                      >
                        <GitCompare aria-hidden="true" className="size-4" />
                        Compare with v{version.number - 1}
                      </Link>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TitledCard>
  );
}
