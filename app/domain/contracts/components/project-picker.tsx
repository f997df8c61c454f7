// The contract's project: a searchable single-select in a popover, each choice
// showing the project's title and its client. Picking one closes the list.
import { ChevronsUpDown } from "lucide-react";
import { useId, useMemo } from "react";
import { ChoicePopover } from "~/components/choice-popover";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";

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
  const valueId = useId();
  const selected = choices.find((choice) => choice.id === value) ?? null;
  const listed = useMemo(
    () =>
      choices.map((c) => ({
        id: c.id,
        title: c.title,
        detail: c.clientName,
        searchText: `${c.title} ${c.clientName}`,
      })),
    [choices],
  );

  return (
    <ChoicePopover
      trigger={
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
      }
      label="Choose a project"
      search={{ placeholder: "Search projects or clients...", label: "Search projects" }}
      list={{ label: "Projects", empty: "No projects yet. Create a project first.", noMatch: "No projects match." }}
      choices={listed}
      isSelected={(id) => id === value}
      onPick={onChange}
      closeOnPick
    />
  );
}
