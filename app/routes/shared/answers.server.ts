// The answers every action gives, all in the one ActionResult shape: a write
// that worked, a request the schema refused, and what a domain function
// refused (the one mapping from domain errors to statuses, messages and toasts).
import type { Submission } from "@conform-to/react";
import { dataWithToast } from "~/.server/toast";
import { DuplicateError, InUseError, InvalidInputError, NotFoundError, StaleRecordError } from "~/domain/errors";
import type { ActionResult } from "~/lib/action-result";
import type { ToastInput } from "~/lib/toast";

/** The write happened: 200, with its toast (or none: some changes show themselves). */
export function done<Extra extends Omit<ActionResult, "ok">>(
  toast: ToastInput | null,
  body: Extra = {} as Extra,
  init?: ResponseInit,
) {
  // `ok: true` as a literal: a component reads what only a success carries after checking `ok`.
  return dataWithToast<ActionResult & Extra & { ok: true }>({ ...body, ok: true }, toast, init);
}

/** Fields whose values are never sent back in a form's reply. */
type Secrets = { hideFields?: string[] };

/** The schema refused the request: 400 with the form's reply, and a toast where the screen shows one. */
export function invalid(
  submission: Submission<unknown> | null,
  options: { intent?: string; message?: string; toast?: ToastInput | null } & Secrets = {},
) {
  return dataWithToast<ActionResult & { ok: false }>(
    {
      ok: false,
      intent: options.intent,
      message: options.message,
      result: submission?.reply({ hideFields: options.hideFields }),
    },
    options.toast ?? null,
    { status: 400 },
  );
}

interface Refusal {
  status: number;
  field?: string;
  version?: string;
}

function refusalOf(error: unknown): Refusal | null {
  if (error instanceof NotFoundError) return { status: 404 };
  if (error instanceof StaleRecordError) return { status: 409, version: error.currentVersion };
  if (error instanceof DuplicateError) return { status: 409, field: error.field };
  if (error instanceof InvalidInputError) return { status: 409, field: error.field };
  if (error instanceof InUseError) return { status: 409 };
  return null;
}

/** Whether `error` is a domain refusal (`refused` answers it) rather than a failure to rethrow. */
export function isRefusal(error: unknown): boolean {
  return refusalOf(error) !== null;
}

/** `title: null` when the form's own message is enough (no toast). */
type RefusalOptions = { title: string | null; submission?: Submission<unknown>; intent?: string } & Secrets;

/**
 * A refusal with its status and message (from a domain error, or an outcome
 * such as a failed sign-in): the message on the form's field or the whole form
 * when a form posted, and an error toast titled `title`.
 */
export function rejected(refusal: Refusal & { message: string }, options: RefusalOptions) {
  const { message } = refusal;
  const result = options.submission?.reply({
    ...(refusal.field ? { fieldErrors: { [refusal.field]: [message] } } : { formErrors: [message] }),
    hideFields: options.hideFields,
  });
  return dataWithToast<ActionResult & { ok: false }>(
    { ok: false, intent: options.intent, message, result, version: refusal.version },
    options.title === null ? null : { type: "error", title: options.title, description: message },
    { status: refusal.status },
  );
}

/**
 * What a domain function refused (not found, stale, duplicate, in use,
 * invalid), as the answer `rejected` gives. Any other error is not the
 * person's to fix and is rethrown.
 */
export async function refused(error: unknown, options: RefusalOptions) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return rejected({ ...refusal, message: (error as Error).message }, options);
}
