// Failures a domain function reports to its route, each with a message meant
// for the person who asked (routes turn them into a form error or a toast).

/** The record does not exist (or no longer does). */
export class NotFoundError extends Error {
  override name = "NotFoundError";
}

/** A value that must be unique is taken. `field` names the form field to show it on. */
export class DuplicateError extends Error {
  override name = "DuplicateError";
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Someone else saved the record since this form was opened. */
export class StaleRecordError extends Error {
  override name = "StaleRecordError";
  constructor(
    message: string,
    /** The record's current version, so a second, deliberate save can overwrite. */
    readonly currentVersion: string,
  ) {
    super(message);
  }
}

/** The record is still used and cannot go. */
export class InUseError extends Error {
  override name = "InUseError";
}

/** A rule on the input that the schema alone cannot check. */
export class InvalidInputError extends Error {
  override name = "InvalidInputError";
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const staleMessage = (thing: string) =>
  `Someone else changed this ${thing} while you were editing it. Your changes are still in the form: check theirs, then save again to replace them.`;
