// The answers every action gives, all in the one ActionResult shape: a write
// that worked, a request the schema refused, and what a domain function
// refused (the one mapping from domain errors to statuses, messages and toasts).
import type { Submission } from "@conform-to/react";
import { dataWithToast } from "~/.server/toast";
import { DuplicateError, InUseError, InvalidInputError, NotFoundError, StaleRecordError } from "~/domain/errors";
import type { ActionResult } from "~/lib/action-result";
import type { ToastInput } from "~/lib/toast";

/** The write happened: 200, with its toast (or none: some changes show themselves). */
export function done(toast: ToastInput | null, body: Omit<ActionResult, "ok"> = {}) {
  return dataWithToast<ActionResult>({ ok: true, ...body }, toast);
}

/** The schema refused the request: 400 with the form's reply, and a toast where the screen shows one. */
export function invalid(
  submission: Submission<unknown> | null,
  options: { intent?: string; message?: string; toast?: ToastInput | null } = {},
) {
  return dataWithToast<ActionResult>(
    { ok: false, intent: options.intent, message: options.message, result: submission?.reply() },
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

/**
 * What a domain function refused (not found, stale, duplicate, in use,
 * invalid), as the answer: its message on the form's field or the whole form
 * when a form posted, and an error toast titled `title`. Any other error is
 * not the person's to fix and is rethrown.
 */
export async function refused(
  error: unknown,
  options: { title: string; submission?: Submission<unknown>; intent?: string },
) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const message = (error as Error).message;
  const result = options.submission?.reply(
    refusal.field ? { fieldErrors: { [refusal.field]: [message] } } : { formErrors: [message] },
  );
  return dataWithToast<ActionResult>(
    { ok: false, intent: options.intent, message, result, version: refusal.version },
    { type: "error", title: options.title, description: message },
    { status: refusal.status },
  );
}
