// The spam rules of the public inquiry form, without a third-party CAPTCHA:
// a honeypot field people never see, and a minimum time between showing the
// form and sending it (bots post at once). The per-address rate limit is in
// inquiries.server.ts, as it needs the database.

/** Nobody reads, types and sends the form faster than this. */
export const MIN_FILL_MS = 3_000;
/** A form shown longer ago than this is stale: show it again rather than trust an old stamp. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

export type SpamVerdict = "ok" | "honeypot" | "too-fast";

/**
 * `elapsedMs` is how long ago the form was shown (from its signed stamp), or
 * null when the stamp is missing, forged or too old: treated as too fast, so
 * the visitor gets a fresh form and can send again.
 */
export function spamVerdict(input: { honeypot: string | undefined; elapsedMs: number | null }): SpamVerdict {
  if (input.honeypot && input.honeypot.trim() !== "") return "honeypot";
  if (input.elapsedMs === null || input.elapsedMs < MIN_FILL_MS || input.elapsedMs > MAX_FORM_AGE_MS) {
    return "too-fast";
  }
  return "ok";
}
