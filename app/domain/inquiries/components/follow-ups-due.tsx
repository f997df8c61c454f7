// The dashboard's "Follow-ups due": open inquiries whose next action is due
// today or earlier, the most overdue first, with their owner and a link to each.
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { numericDate } from "~/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import type { FollowUpDue } from "../pipeline.server";
import { InquiryStatusBadge } from "./inquiry-status-badge";

export interface FollowUpsDueData {
  rows: FollowUpDue[];
  total: number;
}

export function FollowUpsDue({ due }: { due: FollowUpsDueData }) {
  const more = due.total - due.rows.length;
  return (
    <Card role="region" aria-labelledby="follow-ups-due">
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="follow-ups-due">Follow-ups due</h2>
          </CardTitle>
          <CardDescription>
            {due.total
              ? `${due.total} ${due.total === 1 ? "inquiry needs" : "inquiries need"} a next step today or earlier.`
              : "Nothing due: every open inquiry's next step is later."}
          </CardDescription>
        </div>
        <CalendarClock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      {due.rows.length ? (
        <CardContent>
          <ul className="divide-y">
            {due.rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
                <div className="min-w-0">
                  <Link to={`/admin/inquiries/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                    {row.name}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">{row.organisation}</p>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <InquiryStatusBadge status={row.status} />
                  <span className="text-muted-foreground">{row.ownerName ?? "No owner"}</span>
                  <span className="whitespace-nowrap">Due {numericDate(row.nextActionOn)}</span>
                </div>
              </li>
            ))}
          </ul>
          {more > 0 ? (
            <p className="pt-2 text-sm">
              <Link to="/admin/inquiries" className="underline">
                {more} more in Inquiries
              </Link>
            </p>
          ) : null}
        </CardContent>
      ) : null}
    </Card>
  );
}
