// The activity list's filters: person, kind of record, dates, deleted records
// only. A GET form, so the filters live in the URL (Team → Activity links to
// the accounts' filter); with JavaScript a change applies at once.
import { Form, useSubmit } from "react-router";
import { FilterSelect } from "~/components/list-filters";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { RECORD_KINDS, type RecordKind } from "../kinds";
import type { ActivityQuery } from "../schema";

export function ActivityFilters({ query, people }: { query: ActivityQuery; people: { id: string; name: string }[] }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter activity"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <FilterSelect
        name="person"
        label="Filter by person"
        value={query.person}
        all="Everyone"
        options={people.map((person) => ({ value: person.id, label: person.name }))}
      />
      <FilterSelect
        name="kind"
        label="Filter by kind of record"
        value={query.kind}
        all="All records"
        options={(Object.entries(RECORD_KINDS) as [RecordKind, string][]).map(([value, label]) => ({ value, label }))}
      />
      <div className="grid gap-1">
        <Label htmlFor="activity-from">From</Label>
        <Input id="activity-from" type="date" name="from" defaultValue={query.from} className="w-40" />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="activity-to">To</Label>
        <Input id="activity-to" type="date" name="to" defaultValue={query.to} className="w-40" />
      </div>
      <label className="flex h-9 items-center gap-2 text-sm">
        <input type="checkbox" name="deleted" value="1" defaultChecked={query.deleted === "1"} className="size-4" />
        Deleted records only
      </label>
      <noscript>
        <button type="submit" className="rounded-md border px-3 py-1.5 text-sm">
          Filter
        </button>
      </noscript>
    </Form>
  );
}
