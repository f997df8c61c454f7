// A searchable list of choices in a popover, the one behind every picker
// (linked contacts, playground options, a contract's project): the caller's
// trigger button, a search box, and a listbox of options with a check, a
// title and a detail line. Arrow keys move between the options (and from the
// search box into them); Enter or Space picks.
import { Check, ChevronsUpDown } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";

export interface Choice {
  id: string;
  title: string;
  detail: string;
  /** What the search box matches, case-insensitively. */
  searchText: string;
}

export function ChoicePopover({
  trigger,
  label,
  search,
  list,
  choices,
  isSelected,
  onPick,
  multiple = false,
  closeOnPick = false,
  className,
  listClassName = "max-h-64",
}: {
  /** The button that opens the popover. */
  trigger: React.ReactElement;
  /** The popover's accessible name. */
  label: string;
  search: { placeholder: string; label: string };
  list: { label: string; empty: string; noMatch: string };
  choices: Choice[];
  isSelected(id: string): boolean;
  onPick(id: string): void;
  multiple?: boolean;
  /** A single choice: picking closes the popover and clears the search. */
  closeOnPick?: boolean;
  className?: string;
  listClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? choices.filter((choice) => choice.searchText.toLowerCase().includes(needle)) : choices;
  }, [choices, query]);

  const pick = (id: string) => {
    onPick(id);
    if (closeOnPick) {
      setOpen(false);
      setQuery("");
    }
  };
  const move = (from: HTMLElement | null, step: 1 | -1) => {
    const options = [...(listRef.current?.querySelectorAll<HTMLElement>("[role=option]") ?? [])];
    const index = from ? options.indexOf(from) : -1;
    options[Math.min(options.length - 1, Math.max(0, index + step))]?.focus();
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        aria-label={label}
        className={cn("w-(--radix-popover-trigger-width) min-w-72 p-2", className)}
        align="start"
      >
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              move(null, 1);
            }
          }}
          placeholder={search.placeholder}
          aria-label={search.label}
          aria-controls={listId}
          className="mb-2"
        />
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable={multiple || undefined}
          aria-label={list.label}
          className={cn("overflow-y-auto", listClassName)}
        >
          {visible.length === 0 ? (
            <p className="px-2 py-4 text-center text-sm text-muted-foreground">
              {choices.length === 0 ? list.empty : list.noMatch}
            </p>
          ) : (
            visible.map((choice) => {
              const selected = isSelected(choice.id);
              return (
                <div
                  key={choice.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={0}
                  onClick={() => pick(choice.id)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" || event.key === " ") {
                      event.preventDefault();
                      pick(choice.id);
                    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                      event.preventDefault();
                      move(event.currentTarget, event.key === "ArrowDown" ? 1 : -1);
                    }
                  }}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Check aria-hidden="true" className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")} />
                  <span className="min-w-0">
                    <span className="block truncate">{choice.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">{choice.detail}</span>
                  </span>
                </div>
              );
            })
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** The button that opens a multiple choice: how many are chosen, or what to do. */
export function ManyChoicesTrigger({
  count,
  placeholder,
  ...props
}: React.ComponentProps<typeof Button> & { count: number; placeholder: string }) {
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full justify-between font-normal"
      aria-haspopup="listbox"
      {...props}
    >
      {count ? `${count} selected` : placeholder}
      <ChevronsUpDown aria-hidden="true" className="opacity-50" />
    </Button>
  );
}
