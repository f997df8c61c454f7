// The search box and filters above a list: a GET form, so the state lives in
// the URL (bookmarkable, works without JavaScript); with JavaScript it updates
// the list as the person types.
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Input } from "~/ui/input";
import { NativeSelect } from "~/ui/native-select";

export function ListFilters({
  q,
  searchLabel,
  placeholder,
  children,
}: {
  q?: string;
  /** The search box's accessible name; a list without one (Team's activity) has filters only. */
  searchLabel?: string;
  placeholder?: string;
  /** Further filters (selects named like their URL params); they submit on change. */
  children?: React.ReactNode;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.search !== undefined;
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-center gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        const fromSearchBox = (event.target as HTMLElement).getAttribute("type") === "search";
        clearTimeout(timer.current);
        // Typing waits for a pause; a select applies at once. Either way, back to page 1.
        timer.current = setTimeout(
          () => submit(form, { replace: true, preventScrollReset: true }),
          fromSearchBox ? 300 : 0,
        );
      }}
    >
      {searchLabel ? (
        <div className="relative min-w-56 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            name="q"
            defaultValue={q}
            placeholder={placeholder}
            aria-label={searchLabel}
            className="pl-8"
            aria-busy={searching}
          />
        </div>
      ) : null}
      {children}
      <noscript>
        <button type="submit" className="rounded-md border px-3 py-1.5 text-sm">
          {searchLabel ? "Search" : "Filter"}
        </button>
      </noscript>
    </Form>
  );
}

/** A select filter of a list, named like its URL param; the first option shows everything. */
export function FilterSelect<Value extends string>({
  name,
  label,
  value,
  all,
  options,
  className = "w-full sm:w-48",
}: {
  name: string;
  /** Its accessible name ("Filter by status"). */
  label: string;
  value: string;
  /** The first option's text ("All Status"). */
  all: string;
  options: readonly Value[] | readonly { value: Value; label: string }[];
  className?: string;
}) {
  return (
    <NativeSelect name={name} defaultValue={value} aria-label={label} className={className}>
      <option value="">{all}</option>
      {options.map((option) => {
        const { value: optionValue, label: text } =
          typeof option === "string" ? { value: option, label: option } : option;
        return (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        );
      })}
    </NativeSelect>
  );
}

/** The "Filter by status" select of a list: its statuses in order, each shown by its label. */
export function StatusFilter<Status extends string>({
  value,
  all,
  statuses,
  labels,
}: {
  value: string;
  /** The first option's text ("All Status"). */
  all: string;
  statuses: readonly Status[];
  labels: Record<Status, string>;
}) {
  return (
    <FilterSelect
      name="status"
      label="Filter by status"
      value={value}
      all={all}
      options={statuses.map((status) => ({ value: status, label: labels[status] }))}
    />
  );
}
