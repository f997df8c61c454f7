// A labelled native select bound to a Conform field.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type * as React from "react";
import { Field, FieldError } from "./field";
import { Label } from "./label";
import { NativeSelect } from "./native-select";

export function SelectField<Schema>({
  label,
  field,
  placeholder,
  options,
  className,
}: {
  label: React.ReactNode;
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  /** The first, empty choice ("No industry type", "Select a client"). */
  placeholder: string;
  options: { value: string; label: string }[];
  className?: string;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Field className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <NativeSelect key={key} {...props}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
