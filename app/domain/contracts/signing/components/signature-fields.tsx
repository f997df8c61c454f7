// The fields a person signs with in the portal, for a contract and for a
// proposal's acceptance alike: the consent (its words beside the checkbox),
// the typed name that is the signature, and an optional drawn one.
import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { SignaturePad } from "./signature-pad";

type Fields = {
  consent: FieldMetadata<string | undefined>;
  fullName: FieldMetadata<string | undefined>;
  signature: FieldMetadata<string | undefined>;
};

export function SignatureFields({
  fields,
  consent,
  nameDescription,
}: {
  fields: Fields;
  /** The consent's exact words (their hash is recorded). */
  consent: string;
  nameDescription: string;
}) {
  return (
    <>
      <div className="grid gap-2">
        <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3">
          <input
            id={fields.consent.id}
            name={fields.consent.name}
            type="checkbox"
            value="on"
            aria-invalid={fields.consent.errors ? true : undefined}
            aria-describedby={fields.consent.errors ? fields.consent.errorId : undefined}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <label htmlFor={fields.consent.id} className="text-sm leading-relaxed">
            {consent}
          </label>
        </div>
        <FieldError id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <TextField
        label="Your full name"
        field={fields.fullName}
        autoComplete="name"
        maxLength={200}
        description={nameDescription}
      />
      <SignaturePad name={fields.signature.name} />
      <FieldError id={fields.signature.errorId} errors={fields.signature.errors} />
    </>
  );
}
