// Linked Contacts: a searchable multi-select in a popover; the chosen contacts
// show as removable badges and post as repeated `contactIds` fields.
import { useMemo } from "react";
import { ChoicePopover, ManyChoicesTrigger } from "~/components/choice-popover";
import { RemovableBadges } from "~/components/removable-badges";

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
          <ManyChoicesTrigger aria-labelledby={labelId} count={selected.length} placeholder="Select contacts..." />
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
