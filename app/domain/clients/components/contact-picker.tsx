// Linked Contacts: a searchable multi-select in a popover; the chosen contacts
// show as removable badges and post as repeated `contactIds` fields.
import { Check, ChevronsUpDown, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { cn } from "~/lib/utils";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";

export interface ContactChoice {
  id: string;
  name: string;
  email: string | null;
  clientName: string;
}

export function ContactPicker({
  choices,
  selected,
  onChange,
  labelId,
}: {
  choices: ContactChoice[];
  selected: string[];
  onChange(ids: string[]): void;
  labelId: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const byId = useMemo(() => new Map(choices.map((c) => [c.id, c])), [choices]);
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle
      ? choices.filter((c) => `${c.name} ${c.email ?? ""} ${c.clientName}`.toLowerCase().includes(needle))
      : choices;
  }, [choices, query]);
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <div className="grid gap-2">
      {selected.map((id) => (
        <input key={id} type="hidden" name="contactIds" value={id} />
      ))}
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            className="w-full justify-between font-normal"
            aria-labelledby={labelId}
            aria-haspopup="listbox"
          >
            {selected.length ? `${selected.length} selected` : "Select contacts..."}
            <ChevronsUpDown aria-hidden="true" className="opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          aria-label="Choose contacts"
          className="w-(--radix-popover-trigger-width) min-w-72 p-2"
          align="start"
        >
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search contacts..."
            aria-label="Search contacts"
            aria-controls={listId}
            className="mb-2"
          />
          <div
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label="Contacts"
            className="max-h-64 overflow-y-auto"
          >
            {visible.length === 0 ? (
              <p className="px-2 py-4 text-center text-sm text-muted-foreground">
                {choices.length === 0 ? "No contacts yet." : "No contacts match."}
              </p>
            ) : (
              visible.map((choice) => {
                const checked = selected.includes(choice.id);
                return (
                  <div
                    key={choice.id}
                    role="option"
                    aria-selected={checked}
                    tabIndex={0}
                    onClick={() => toggle(choice.id)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter" || event.key === " ") {
                        event.preventDefault();
                        toggle(choice.id);
                      }
                    }}
                    className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Check
                      aria-hidden="true"
                      className={cn("size-4 shrink-0", checked ? "opacity-100" : "opacity-0")}
                    />
                    <span className="min-w-0">
                      <span className="block truncate">{choice.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {[choice.email, choice.clientName].filter(Boolean).join(" · ")}
                      </span>
                    </span>
                  </div>
                );
              })
            )}
          </div>
        </PopoverContent>
      </Popover>
      {selected.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Linked contacts">
          {selected.map((id) => {
            const contact = byId.get(id);
            const name = contact?.name ?? "Unknown contact";
            return (
              <li key={id}>
                <Badge variant="secondary" className="gap-1 py-1 pr-1">
                  {name}
                  <button
                    type="button"
                    onClick={() => toggle(id)}
                    aria-label={`Remove ${name}`}
                    className="rounded-sm p-0.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
