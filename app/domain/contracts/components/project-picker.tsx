// The contract's project: a searchable single-select in a popover, each choice
// showing the project's title and its client. Picking one closes the list.
import { Check, ChevronsUpDown } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";

export interface ProjectChoice {
  id: string;
  title: string;
  clientName: string;
}

export function ProjectPicker({
  choices,
  value,
  onChange,
  labelId,
  errorId,
  invalid,
}: {
  choices: ProjectChoice[];
  value: string;
  onChange(id: string): void;
  labelId: string;
  errorId?: string;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const valueId = useId();
  const list = useRef<HTMLDivElement>(null);
  const selected = choices.find((choice) => choice.id === value) ?? null;
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle
      ? choices.filter((choice) => `${choice.title} ${choice.clientName}`.toLowerCase().includes(needle))
      : choices;
  }, [choices, query]);

  const pick = (id: string) => {
    onChange(id);
    setOpen(false);
    setQuery("");
  };
  // Arrow keys move between the choices (and from the search box into them).
  const move = (from: HTMLElement | null, step: 1 | -1) => {
    const options = [...(list.current?.querySelectorAll<HTMLElement>("[role=option]") ?? [])];
    const index = from ? options.indexOf(from) : -1;
    options[Math.min(options.length - 1, Math.max(0, index + step))]?.focus();
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="w-full justify-between font-normal"
          aria-labelledby={`${labelId} ${valueId}`}
          aria-haspopup="listbox"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        >
          <span id={valueId} className={cn("truncate", !selected && "text-muted-foreground")}>
            {selected ? selected.title : "Select a project..."}
          </span>
          <ChevronsUpDown aria-hidden="true" className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Choose a project"
        className="w-(--radix-popover-trigger-width) min-w-72 p-2"
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
          placeholder="Search projects or clients..."
          aria-label="Search projects"
          aria-controls={listId}
          className="mb-2"
        />
        <div ref={list} id={listId} role="listbox" aria-label="Projects" className="max-h-64 overflow-y-auto">
          {visible.length === 0 ? (
            <p className="px-2 py-4 text-center text-sm text-muted-foreground">
              {choices.length === 0 ? "No projects yet. Create a project first." : "No projects match."}
            </p>
          ) : (
            visible.map((choice) => {
              const chosen = choice.id === value;
              return (
                <div
                  key={choice.id}
                  role="option"
                  aria-selected={chosen}
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
                  <Check aria-hidden="true" className={cn("size-4 shrink-0", chosen ? "opacity-100" : "opacity-0")} />
                  <span className="min-w-0">
                    <span className="block truncate">{choice.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">{choice.clientName}</span>
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
