// The public inquiry form, rendered on the server without React in the
// browser: a plain POST to its own page, which answers with the thanks or the
// errors. `website` is a honeypot: hidden from people (and screen readers),
// filled by bots.
import type { SubmissionResult } from "@conform-to/react";
import { Button } from "~/ui/button";
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import { Textarea } from "~/ui/textarea";

type Errors = Record<string, string[] | null | undefined>;

function TextInput(props: {
  name: string;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  required?: boolean;
  values: Record<string, unknown>;
  errors: Errors;
}) {
  const id = `inquiry-${props.name}`;
  const errors = props.errors[props.name];
  return (
    <Field>
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        required={props.required}
        defaultValue={typeof props.values[props.name] === "string" ? (props.values[props.name] as string) : ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </Field>
  );
}

export function InquiryForm({
  stamp,
  site,
  result,
}: {
  /** The signed time this form was shown. */
  stamp: string;
  /** The embedding site's origin the frame reported (for the insights' count), if any. */
  site?: string | null;
  /** The refused post's reply: its values and messages. */
  result?: SubmissionResult<string[]>;
}) {
  const values = (result?.initialValue ?? {}) as Record<string, unknown>;
  const errors: Errors = result?.error ?? {};
  const formErrors = errors[""];
  return (
    <form method="post" className="grid gap-4" noValidate aria-label="Request a playground like this">
      <FieldError errors={formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="name" label="Name" autoComplete="name" required values={values} errors={errors} />
        <TextInput
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          values={values}
          errors={errors}
        />
        <TextInput
          name="organisation"
          label="Organisation"
          autoComplete="organization"
          required
          values={values}
          errors={errors}
        />
        <TextInput
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          values={values}
          errors={errors}
        />
      </div>
      <Field>
        <Label htmlFor="inquiry-message">Message</Label>
        <Textarea
          id="inquiry-message"
          name="message"
          rows={5}
          required
          defaultValue={typeof values.message === "string" ? values.message : ""}
          aria-invalid={errors.message?.length ? true : undefined}
          aria-describedby={errors.message?.length ? "inquiry-message-error" : undefined}
        />
        <FieldError id="inquiry-message-error" errors={errors.message} />
      </Field>
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
        <label htmlFor="inquiry-website">Leave this field empty</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="started" value={stamp} />
      {site ? <input type="hidden" name="site" value={site} /> : null}
      <Button type="submit" className="justify-self-start">
        Send request
      </Button>
    </form>
  );
}
