// A stored page is sent to many visitors, so it cannot keep the per-request
// nonce its Content-Security-Policy was rendered with (one nonce for everyone
// is no nonce at all). Before storing, each directive that allowed inline
// scripts or styles by nonce allows exactly the inline scripts and styles of
// the stored body by hash instead, and the nonce attributes leave the body.
import crypto from "node:crypto";

// Opening tags only: the same characters inside a script's text are the script's own.
const OPENING_TAG = /<(?:script|style|link)\b[^>]*>/gi;
const NONCE_ATTRIBUTE = /\snonce="[^"]*"/gi;
// Inline elements only: an element with src= is allowed (or not) by its URL.
const INLINE = {
  script: /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi,
  style: /<style\b[^>]*>([\s\S]*?)<\/style>/gi,
};

function hashes(body: string, element: keyof typeof INLINE): string[] {
  const found = new Set<string>();
  for (const match of body.matchAll(INLINE[element])) {
    found.add(`'sha256-${crypto.createHash("sha256").update(match[1]!, "utf8").digest("base64")}'`);
  }
  return [...found];
}

/** Which inline elements a directive governs (default-src stands in for both when they are missing). */
function governs(name: string, names: Set<string>): (keyof typeof INLINE)[] {
  if (name === "script-src" || name === "script-src-elem") return ["script"];
  if (name === "style-src" || name === "style-src-elem") return ["style"];
  if (name === "default-src") {
    return (["script", "style"] as const).filter((element) => !names.has(`${element}-src`));
  }
  return [];
}

const EXTERNAL_SCRIPT = /<script\b[^>]*\ssrc=/i;

/**
 * The policy and body to store: nonce sources become the hashes of the body's
 * inline elements. Null when that cannot work: a script loaded by URL that
 * only its nonce allowed (the public pages load none).
 */
export function hashInlineSources(policy: string, body: string): { policy: string; body: string } | null {
  if (!policy.includes("'nonce-")) return { policy, body };
  if (EXTERNAL_SCRIPT.test(body)) return null;
  const stored = body.replace(OPENING_TAG, (tag) => tag.replace(NONCE_ATTRIBUTE, ""));
  const directives = policy
    .split(";")
    .map((directive) => directive.trim())
    .filter(Boolean);
  const names = new Set(directives.map((directive) => directive.split(/\s+/)[0]!.toLowerCase()));
  const rewritten = directives.map((directive) => {
    if (!directive.includes("'nonce-")) return directive;
    const [name, ...sources] = directive.split(/\s+/);
    const kept = sources.filter((source) => !source.startsWith("'nonce-"));
    const added = governs(name!.toLowerCase(), names).flatMap((element) => hashes(stored, element));
    // A directive left with no source at all would allow nothing; 'none' says so explicitly.
    const all = [...kept, ...added];
    return [name, ...(all.length ? all : ["'none'"])].join(" ");
  });
  return { policy: rewritten.join("; "), body: stored };
}
