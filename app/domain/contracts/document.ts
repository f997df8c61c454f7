// A contract's signed document, on both sides: the limits and messages the
// browser's early check and the server's real check share, and the file name
// a download may carry.

const MB = 1024 * 1024;

/** The largest document the server accepts (the server counts while the file streams in). */
export const DOCUMENT_MAX_BYTES = 20 * MB;

export const DOCUMENT_MESSAGES = {
  tooLarge: "The document must be less than 20MB",
  notPdf: "This file is not a PDF.",
  empty: "This file is empty. Choose another PDF.",
} as const;

/** Why a saved contract's document cannot change now (saveContract refuses it; the form does not offer it). */
export const SIGNED_DOCUMENT_FIXED = "A signed contract's document can never be replaced or removed.";
export const DOCUMENT_OUT_FOR_SIGNATURE = "This contract is out for signature: void it before changing its document.";

/** Which of the two holds for a saved contract, or null when its document may change. */
export function documentFixedReason(contract: { status: string; sealed: boolean; inSigning: boolean }): string | null {
  if (contract.status === "signed" || contract.sealed) return SIGNED_DOCUMENT_FIXED;
  return contract.inSigning ? DOCUMENT_OUT_FOR_SIGNATURE : null;
}

/** For `<input accept>`: a hint to the file picker; the server reads the bytes. */
export const ACCEPTED_DOCUMENT_TYPES = "application/pdf,.pdf";

/** Every PDF starts with these bytes ("%PDF-1.7…"). */
export const PDF_MAGIC = "%PDF-";

const FALLBACK_NAME = "contract.pdf";
const RESERVED = new Set([...'"*:<>?|;']);

function isControl(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/**
 * The uploaded file's name made safe to store and to send back in a
 * Content-Disposition header: no folders, no control or reserved characters,
 * at most 120 characters, always ending in ".pdf".
 */
export function safeDocumentName(original: string | null | undefined): string {
  const base = (original ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = [...base.normalize("NFC")]
    // Control characters, quotes and characters file systems refuse.
    .filter((char) => !isControl(char) && !RESERVED.has(char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  // No hidden-file names: leading dots go once the extension is off.
  const stem = cleaned
    .replace(/\.pdf$/i, "")
    .replace(/^[.\s]+/, "")
    .trim();
  if (!stem) return FALLBACK_NAME;
  return `${[...stem].slice(0, 116).join("").trim()}.pdf`;
}

/** "1.2 MB", "840 KB": a document's size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
