// What a client agrees to before signing in the portal, shown word for word
// beside the checkbox; the SHA-256 of these exact words is recorded with the
// signature (a new wording is a new hash, so old records keep their meaning).
export const SIGNING_CONSENT =
  "I agree to sign this contract electronically. I have read the document shown above. My typed name (and my drawn signature, if I add one) is my signature, with the same effect as signing on paper. I can download a copy of the signed contract and its completion certificate at any time from this portal.";

export const SIGNING_MESSAGES = {
  consent: "Agree to sign electronically to continue",
  fullName: "Type your full name (at least 2 characters)",
  nameLine: "Type your full name on one line, as plain text",
  reason: "Tell us why you decline (at least 3 characters)",
  signature: "The drawn signature could not be read. Clear it and draw again, or sign with your typed name only.",
} as const;

// The typed name is printed on the certificate as one field: no control characters (line breaks, tabs),
// line or paragraph separators, bidirectional overrides that reorder what is shown, surrogates or private
// characters. Joiners (as Persian writes names) are text.
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}\p{Co}\u202A-\u202E\u2066-\u2069\uFEFF]/u;

/** One line of printable text. */
export const isOneLineText = (text: string) => !NOT_ONE_LINE.test(text);
