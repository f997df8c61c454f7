// What an account action answers when it is refused: a message fit to show and
// the HTTP status, from better-auth's refusals or our rate limits.
import { isAuthApiError } from "~/.server/auth";
import { tooManyAttemptsMessage } from "~/.server/auth/rate-limit";

export type Refused = { ok: false; message: string; status: number };

/** better-auth's refusal as a Refused (its message, or ours for the codes we word differently); anything else is rethrown. */
export function failure(error: unknown, messages: Record<string, string> = {}): Refused {
  if (isAuthApiError(error)) {
    const code = error.body?.code;
    const message = (code && messages[code]) ?? error.body?.message ?? error.message;
    return { ok: false, message, status: error.statusCode };
  }
  throw error;
}

export function tooManyAttempts(retryAfterMs: number): Refused {
  return { ok: false, message: tooManyAttemptsMessage(retryAfterMs), status: 429 };
}

/** An administrator (or an account for itself) asked for a mail past its kind's cap for this address. */
export function mailCapReached(address: string, retryAfterMs: number): Refused {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return {
    ok: false,
    message: `Not sent: ${address} has had too many of these mails today. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    status: 429,
  };
}
