// The search box and filters above a list: a GET form, so the state lives in
// the URL (bookmarkable, works without JavaScript); with JavaScript it updates
// the list as the person types.
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Input } from "~/ui/input";

export function ListFilters({
  q,
  searchLabel,
  placeholder,
  children,
}: {
  q: string;
  searchLabel: string;
  placeholder: string;
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
      {children}
      <noscript>
        <button type="submit" className="rounded-md border px-3 py-1.5 text-sm">
          Search
        </button>
      </noscript>
    </Form>
  );
}
