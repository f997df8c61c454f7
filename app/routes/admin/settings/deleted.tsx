import { HistoryEntries } from "~/domain/history/components/history-entry";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/deleted";
import { loadRecentlyDeleted } from "./deleted.server";

export const meta: Route.MetaFunction = () => [{ title: "Recently deleted · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadRecentlyDeleted(request);
}

export default function RecentlyDeleted({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-xl font-semibold">Recently deleted</h2>
        <p className="text-sm text-muted-foreground">
          Records deleted in the last 30 days. Restore brings one back with what was deleted with it.
        </p>
      </div>
      <HistoryEntries entries={list.rows} label="Recently deleted" empty="Nothing was deleted in the last 30 days." />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="records" />
    </section>
  );
}
