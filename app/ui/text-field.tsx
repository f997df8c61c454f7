// A labelled text input bound to a Conform field: label, input, description and
// the announced error, with aria-invalid / aria-describedby wired up.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type * as React from "react";
import { Field, FieldDescription, FieldError } from "./field";
import { Input } from "./input";
import { Label } from "./label";

type InputType = "text" | "email" | "password" | "url" | "tel" | "search" | "number" | "date";

export function TextField<Schema>({
  label,
  field,
  type = "text",
  description,
  className,
  ...rest
}: {
  label: React.ReactNode;
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
  type?: InputType;
  description?: React.ReactNode;
} & Omit<React.ComponentProps<typeof Input>, "name" | "id" | "type" | "defaultValue" | "form">) {
  const { key, ...inputProps } = getInputProps(field, {
    type,
    ariaDescribedBy: description ? field.descriptionId : undefined,
  });
  return (
    <Field className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <Input key={key} {...inputProps} {...rest} />
      {description ? <FieldDescription id={field.descriptionId}>{description}</FieldDescription> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
