// What every action answers when it does not redirect: one shape for forms,
// dialogs and one-click writes, so a component reads it the same way everywhere.
import type { SubmissionResult } from "@conform-to/react";

export interface ActionResult {
  /** The write happened. */
  ok: boolean;
  /** Which of the route's forms answered (routes with several forms post an `intent`). */
  intent?: string;
  /** Conform's reply for the form that posted: its field and form errors, or a reset. */
  result?: SubmissionResult<string[]>;
  /** After a refused stale save: the record's current version, so a second, deliberate save can overwrite. */
  version?: string;
  /** What went wrong, in words fit to show. */
  message?: string;
}
