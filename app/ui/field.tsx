import * as React from "react";

import { cn } from "~/lib/utils";

/** Vertical stack for one form control: label, control, description, error. */
function Field({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="field" className={cn("grid gap-2", className)} {...props} />;
}

/** Help text for a control; give it an `id` and reference it from the control's `aria-describedby`. */
function FieldDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="field-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

type FieldErrors = string | ReadonlyArray<string | null | undefined> | null | undefined;

function normalizeErrors(errors: FieldErrors): string[] {
  if (errors == null) return [];
  const list = typeof errors === "string" ? [errors] : errors;
  return [...new Set(list.filter((error): error is string => typeof error === "string" && error.length > 0))];
}

/**
 * Validation message(s) for a control. Renders nothing when there are no
 * errors; when errors appear, the element is inserted with `role="alert"` so
 * screen readers announce it. Give it an `id` and reference it from the
 * control's `aria-describedby` (with `aria-invalid` on the control).
 *
 * `errors` accepts a string or an array (e.g. Conform's `field.errors`);
 * `children` are used instead when given.
 */
function FieldError({
  className,
  errors,
  children,
  ...props
}: Omit<React.ComponentProps<"div">, "role"> & { errors?: FieldErrors }) {
  const messages = normalizeErrors(errors);

  let content: React.ReactNode = children;
  if (content == null || content === false) {
    if (messages.length === 0) return null;
    content =
      messages.length === 1 ? (
        messages[0]
      ) : (
        <ul className="ml-4 list-disc space-y-1">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      );
  }

  return (
    <div
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      data-slot="field-error"
      className={cn("text-sm font-medium text-destructive", className)}
      {...props}
    >
      {content}
    </div>
  );
}

export { Field, FieldDescription, FieldError };
export type { FieldErrors };
