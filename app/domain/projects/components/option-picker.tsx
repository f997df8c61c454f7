// Playground Options of a saved project: search and pick from the catalogue,
// chosen options as removable badges. Each add or remove is saved at once
// through its own fetcher (the edit route's add-option / remove-option), and
// shows right away while it is on its way.
import { Check, ChevronsUpDown, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useFetchers, useSubmit } from "react-router";
import { cn } from "~/lib/utils";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import type { OptionChoice } from "../schema";

const FETCHER_PREFIX = "project-option:";

/** The saved selection with the adds and removes still on their way applied. */
function usePendingSelection(saved: string[]): string[] {
  const pending = new Map<string, string>();
  for (const fetcher of useFetchers()) {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || !fetcher.formData) continue;
    pending.set(String(fetcher.formData.get("optionId")), String(fetcher.formData.get("intent")));
  }
  const kept = saved.filter((id) => pending.get(id) !== "remove-option");
  const added = [...pending].filter(([id, intent]) => intent === "add-option" && !saved.includes(id)).map(([id]) => id);
  return [...kept, ...added];
}

export function OptionPicker({
  projectId,
  choices,
  savedIds,
  labelId,
}: {
  /** Null for a project not saved yet: the picker is disabled. */
  projectId: string | null;
  choices: OptionChoice[];
  savedIds: string[];
  labelId: string;
}) {
  const noteId = useId();
  if (!projectId) {
    return (
      <div className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          className="w-full justify-between font-normal"
          aria-labelledby={labelId}
          aria-describedby={noteId}
          disabled
        >
          Select options...
          <ChevronsUpDown aria-hidden="true" className="opacity-50" />
        </Button>
        <p id={noteId} className="text-sm text-muted-foreground">
          Save the project first to add playground options
        </p>
      </div>
    );
  }
  return <SavedProjectPicker projectId={projectId} choices={choices} savedIds={savedIds} labelId={labelId} />;
}

function SavedProjectPicker({
  projectId,
  choices,
  savedIds,
  labelId,
}: {
  projectId: string;
  choices: OptionChoice[];
  savedIds: string[];
  labelId: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const submit = useSubmit();
  const selected = usePendingSelection(savedIds);
  const byId = useMemo(() => new Map(choices.map((c) => [c.id, c])), [choices]);
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle
      ? choices.filter((c) => `${c.optionName} ${c.optionCategory}`.toLowerCase().includes(needle))
      : choices;
  }, [choices, query]);

  const toggle = (optionId: string) => {
    const intent = selected.includes(optionId) ? "remove-option" : "add-option";
    void submit(
      { intent, optionId },
      {
        method: "post",
        action: `/admin/projects/${projectId}/edit`,
        navigate: false,
        fetcherKey: `${FETCHER_PREFIX}${optionId}`,
        preventScrollReset: true,
      },
    );
  };

  return (
    <div className="grid gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            className="w-full justify-between font-normal"
            aria-labelledby={labelId}
            aria-haspopup="listbox"
          >
            {selected.length ? `${selected.length} selected` : "Select options..."}
            <ChevronsUpDown aria-hidden="true" className="opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          aria-label="Choose playground options"
          className="w-(--radix-popover-trigger-width) max-h-[400px] min-w-72 overflow-hidden p-2"
          align="start"
        >
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search options..."
            aria-label="Search playground options"
            aria-controls={listId}
            className="mb-2"
          />
          <div
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-label="Playground options"
            className="max-h-72 overflow-y-auto"
          >
            {visible.length === 0 ? (
              <p className="px-2 py-4 text-center text-sm text-muted-foreground">
                {choices.length === 0 ? "No playground options yet." : "No options match."}
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
                      <span className="block truncate">{choice.optionName}</span>
                      <span className="block truncate text-xs text-muted-foreground">{choice.optionCategory}</span>
                    </span>
                  </div>
                );
              })
            )}
          </div>
        </PopoverContent>
      </Popover>
      {selected.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Selected playground options">
          {selected.map((id) => {
            const name = byId.get(id)?.optionName ?? "Unknown option";
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
      ) : (
        <p className="text-sm text-muted-foreground">No options selected.</p>
      )}
    </div>
  );
}
