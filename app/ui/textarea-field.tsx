// A labelled textarea bound to a Conform field, wired like TextField.
import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import type * as React from "react";
import { Field, FieldError } from "./field";
import { Label } from "./label";
import { Textarea } from "./textarea";

export function TextareaField<Schema>({
  label,
  field,
  className,
  ...rest
}: {
  label: React.ReactNode;
  field: FieldMetadata<Schema, Record<string, unknown>, string[]>;
} & Omit<React.ComponentProps<typeof Textarea>, "name" | "id" | "defaultValue" | "form">) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <Field className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <Textarea key={key} {...props} {...rest} />
      <FieldError id={field.errorId} errors={field.errors} />
    </Field>
  );
}
