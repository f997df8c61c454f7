// One dimension block (Main Playground, Toddler Zone, Sport Court): an Included
// switch revealing length, width and height in feet, levels and square feet.
// A block that is not included keeps its saved values: its inputs stay in the
// page (so switching it back on shows them) but hidden and disabled, so they
// are neither sent nor checked.
import type { FieldMetadata } from "@conform-to/react";
import { SwitchField } from "~/ui/switch-field";
import { TextField } from "~/ui/text-field";
import type { DIMENSION_BLOCKS } from "../schema";

type Fields = Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>;

export function DimensionBlock({
  block,
  fields,
  included,
  onIncludedChange,
}: {
  block: (typeof DIMENSION_BLOCKS)[number];
  fields: Fields;
  included: boolean;
  onIncludedChange(included: boolean): void;
}) {
  const decimal = { type: "number" as const, step: "0.1", min: 0, inputMode: "decimal" as const };
  return (
    <fieldset className="grid gap-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{block.title}</legend>
      <SwitchField
        name={block.included}
        label="Included"
        description={`This project has a ${block.title.toLowerCase()}.`}
        checked={included}
        onCheckedChange={onIncludedChange}
      />
      <div hidden={!included} className="grid grid-cols-2 items-start gap-4 sm:grid-cols-3">
        <TextField label="Length (ft)" field={fields[block.length]!} {...decimal} disabled={!included} />
        <TextField label="Width (ft)" field={fields[block.width]!} {...decimal} disabled={!included} />
        <TextField label="Height (ft)" field={fields[block.height]!} {...decimal} disabled={!included} />
        <TextField
          label="Levels"
          field={fields[block.levels]!}
          type="number"
          step="1"
          min={0}
          inputMode="numeric"
          disabled={!included}
        />
        <TextField
          label="Square Feet"
          field={fields[block.sqFeet]!}
          type="number"
          step="0.1"
          min={0}
          inputMode="decimal"
          disabled={!included}
        />
      </div>
    </fieldset>
  );
}
