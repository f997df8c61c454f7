// The product's timed jobs, started by the server once it listens; each keeps its own turns.
import { startContractDeadlines } from "../contracts/signing/deadlines.server";
import { startHistoryPruning } from "../history/prune.server";

/** Starts every job; the function returned stops them all. */
export function startJobs(): () => void {
  // Contracts out for signature: expiry and reminder mails, every few minutes from a minute after start.
  let stopDeadlines: (() => void) | undefined;
  const deadlines = setTimeout(() => (stopDeadlines = startContractDeadlines()), 60_000);
  deadlines.unref();
  // The record history past HISTORY_KEEP_DAYS: an hour after start, then daily (decision 0077).
  const stopPruning = startHistoryPruning();
  return () => {
    clearTimeout(deadlines);
    stopDeadlines?.();
    stopPruning();
  };
}
