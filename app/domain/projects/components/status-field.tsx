// The project's status, as a native select with the spec's labels.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { Field, FieldError } from "~/ui/field";
import { Label } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "../schema";

export function StatusField<Schema>({ field }: { field: FieldMetadata<Schema, Record<string, unknown>, string[]> }) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Field>
      <Label htmlFor={field.id}>Status</Label>
      <NativeSelect key={key} {...props}>
        {PROJECT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PROJECT_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
