// Project Name: the public slug (/{project_name}), with a Suggest button that
// derives one from the title.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { WandSparkles } from "lucide-react";
import { Button } from "~/ui/button";
import { Field, FieldDescription, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";

export function ProjectNameField<Schema>({
  field,
  value,
  onChange,
  onSuggest,
  origin,
}: {
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  value: string;
  onChange(value: string): void;
  onSuggest(): void;
  origin: string;
}) {
  const {
    key: _key,
    defaultValue: _defaultValue,
    ...inputProps
  } = getInputProps(field, { type: "text", ariaDescribedBy: field.descriptionId });
  return (
    <Field>
      <Label htmlFor={field.id}>Project Name</Label>
      <div className="flex gap-2">
        <Input
          {...inputProps}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          placeholder="sunny-park-adventure"
          className="font-mono"
        />
        <Button type="button" variant="outline" onClick={onSuggest} title="Suggest a project name from the title">
          <WandSparkles aria-hidden="true" />
          Suggest
        </Button>
      </div>
      <FieldDescription id={field.descriptionId}>
        The address of the public project page: {origin}/<span className="font-mono">{value || "…"}</span>. Lowercase
        letters, numbers and hyphens; leave it empty to keep the project off its own address.
      </FieldDescription>
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
