import { PageHeader } from "~/components/page-header";
import { ActivityFilters } from "~/domain/history/components/activity-filters";
import { HistoryEntries } from "~/domain/history/components/history-entry";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/activity";
import { loadActivity } from "./activity.server";

export const meta: Route.MetaFunction = () => [{ title: "Activity · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadActivity(request);
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { query, list, people } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader
        title="Activity"
        description="Every change to every record and account: who made it, when, and what changed. Deleted records can be restored for 30 days."
      />
      <ActivityFilters query={query} people={people} />
      <HistoryEntries entries={list.rows} label="Activity" linked empty="No activity matches these filters." />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="entries" />
    </div>
  );
}
