// Turns what a domain function refused into the answer a form expects: the
// message on the right field (or the whole form) and an error toast.
import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { DuplicateError, InUseError, InvalidInputError, NotFoundError, StaleRecordError } from "~/domain/errors";
import { toastHeaders } from "../toast";

/** The answer for a refused save, or undefined when the error is not one a person can act on. */
export async function refusedSave(submission: Submission<unknown>, error: unknown, toastTitle: string) {
  const toast = (description: string) => toastHeaders({ type: "error", title: toastTitle, description });
  if (error instanceof DuplicateError || (error instanceof InvalidInputError && error.field)) {
    const field = (error as DuplicateError).field;
    return data(
      {
        ok: false as const,
        result: submission.reply({ fieldErrors: { [field]: [error.message] } }),
        version: undefined,
      },
      { status: 409, headers: await toast(error.message) },
    );
  }
  if (error instanceof StaleRecordError) {
    // The form keeps what this person typed; the new version lets a second,
    // deliberate save replace the other person's changes.
    return data(
      { ok: false as const, result: submission.reply({ formErrors: [error.message] }), version: error.currentVersion },
      { status: 409, headers: await toast(error.message) },
    );
  }
  if (error instanceof NotFoundError || error instanceof InvalidInputError || error instanceof InUseError) {
    return data(
      { ok: false as const, result: submission.reply({ formErrors: [error.message] }), version: undefined },
      { status: error instanceof NotFoundError ? 404 : 409, headers: await toast(error.message) },
    );
  }
  return undefined;
}

/** The answer for a refused delete or other one-click action: just the toast. */
export async function refusedAction(error: unknown, toastTitle: string) {
  if (error instanceof NotFoundError || error instanceof InUseError || error instanceof InvalidInputError) {
    return data(
      { ok: false as const, message: error.message },
      {
        status: error instanceof NotFoundError ? 404 : 409,
        headers: await toastHeaders({ type: "error", title: toastTitle, description: error.message }),
      },
    );
  }
  return undefined;
}
