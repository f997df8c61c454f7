// Linked Contacts: a searchable multi-select in a popover; the chosen contacts
// show as removable badges and post as repeated `contactIds` fields.
import { ChevronsUpDown } from "lucide-react";
import { useMemo } from "react";
import { ChoicePopover } from "~/components/choice-popover";
import { RemovableBadges } from "~/components/removable-badges";
import { Button } from "~/ui/button";

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
  const byId = useMemo(() => new Map(choices.map((c) => [c.id, c])), [choices]);
  const listed = useMemo(
    () =>
      choices.map((c) => ({
        id: c.id,
        title: c.name,
        detail: [c.email, c.clientName].filter(Boolean).join(" · "),
        searchText: `${c.name} ${c.email ?? ""} ${c.clientName}`,
      })),
    [choices],
  );
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  return (
    <div className="grid gap-2">
      {selected.map((id) => (
        <input key={id} type="hidden" name="contactIds" value={id} />
      ))}
      <ChoicePopover
        trigger={
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
        }
        label="Choose contacts"
        search={{ placeholder: "Search contacts...", label: "Search contacts" }}
        list={{ label: "Contacts", empty: "No contacts yet.", noMatch: "No contacts match." }}
        choices={listed}
        isSelected={(id) => selected.includes(id)}
        onPick={toggle}
        multiple
      />
      {selected.length ? (
        <RemovableBadges
          label="Linked contacts"
          items={selected.map((id) => ({ id, name: byId.get(id)?.name ?? "Unknown contact" }))}
          onRemove={toggle}
        />
      ) : null}
    </div>
  );
}
