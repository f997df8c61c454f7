// Team → Activity: the audit trail a page at a time, filtered by person and by
// kind; requests from people not signed in (the forgot-password form) only when
// asked for, so a stranger's noise does not bury what staff did.
import { FilterSelect, ListFilters } from "~/components/list-filters";
import type { Paginated } from "~/lib/pagination";
import { Pagination } from "~/ui/pagination";
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditQuery } from "../schema";
import { ActivityList, type ActivityEntry } from "./activity-list";

export function TeamActivity({
  list,
  query,
  people,
}: {
  list: Paginated<ActivityEntry>;
  query: Required<AuditQuery>;
  /** The accounts to filter by: id, and how they read ("Ann Lee (ann@x.test)"). */
  people: { value: string; label: string }[];
}) {
  const filtered = Boolean(query.person || query.kind || query.anonymous);
  return (
    <div className="grid gap-3">
      <ListFilters>
        <FilterSelect
          name="person"
          label="Filter by person"
          value={query.person}
          all="Everyone"
          options={people}
          className="w-full sm:w-72"
        />
        <FilterSelect
          name="kind"
          label="Filter by kind"
          value={query.kind}
          all="Every kind"
          options={AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }))}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="anonymous"
            value="1"
            defaultChecked={query.anonymous === "1"}
            className="size-4 accent-primary"
          />
          Show requests from people not signed in
        </label>
      </ListFilters>
      <ActivityList entries={list.rows} filtered={filtered} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="entries" />
    </div>
  );
}
