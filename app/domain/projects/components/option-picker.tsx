// Playground Options of a saved project: search and pick from the catalogue,
// chosen options as removable badges. Each add or remove is saved at once
// through its own fetcher (the edit route's add-option / remove-option), and
// shows right away while it is on its way.
import { useId, useMemo } from "react";
import { useFetchers, useSubmit } from "react-router";
import { ChoicePopover, ManyChoicesTrigger } from "~/components/choice-popover";
import { RemovableBadges } from "~/components/removable-badges";
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
        <ManyChoicesTrigger
          aria-labelledby={labelId}
          aria-describedby={noteId}
          count={0}
          placeholder="Select options..."
          disabled
        />
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
  const submit = useSubmit();
  const selected = usePendingSelection(savedIds);
  const byId = useMemo(() => new Map(choices.map((c) => [c.id, c])), [choices]);
  const listed = useMemo(
    () =>
      choices.map((c) => ({
        id: c.id,
        title: c.optionName,
        detail: c.optionCategory,
        searchText: `${c.optionName} ${c.optionCategory}`,
      })),
    [choices],
  );

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
      <ChoicePopover
        trigger={
          <ManyChoicesTrigger aria-labelledby={labelId} count={selected.length} placeholder="Select options..." />
        }
        label="Choose playground options"
        search={{ placeholder: "Search options...", label: "Search playground options" }}
        list={{ label: "Playground options", empty: "No playground options yet.", noMatch: "No options match." }}
        choices={listed}
        isSelected={(id) => selected.includes(id)}
        onPick={toggle}
        multiple
        className="max-h-[400px] overflow-hidden"
        listClassName="max-h-72"
      />
      {selected.length ? (
        <RemovableBadges
          label="Selected playground options"
          items={selected.map((id) => ({ id, name: byId.get(id)?.optionName ?? "Unknown option" }))}
          onRemove={toggle}
        />
      ) : (
        <p className="text-sm text-muted-foreground">No options selected.</p>
      )}
    </div>
  );
}
