// The one place a page's Content-Security-Policy is written (decision 0017): scripts by this response's
// nonce, or by hash for a page served to many; 'strict-dynamic' lets those load their imports only.
import crypto from "node:crypto";

/** How a page's scripts are allowed: a fresh nonce per response, or hashes of a stored page's inline scripts. */
export type ScriptSources = { nonce: string } | { hashes: string[] };

export interface PolicyOptions {
  scripts: ScriptSources;
  /** Who may frame the page: "'none'" for admin and auth pages, FRAME_ANCESTORS for embeddable ones. */
  frameAncestors: string;
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The CSP source for an inline script's exact text: `'sha256-…'`. */
export function scriptHash(source: string): string {
  return `'sha256-${crypto.createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

export function cspDirectives({ scripts, frameAncestors }: PolicyOptions): Record<string, string[]> {
  const allowed = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes;
  return {
    "script-src": allowed.length > 0 ? [...allowed, "'strict-dynamic'"] : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": frameAncestors.split(/\s+/).filter(Boolean),
  };
}

export function contentSecurityPolicy(options: PolicyOptions): string {
  return Object.entries(cspDirectives(options))
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** A page rendered with `nonce`, made fit for many visitors: its nonced inline scripts allowed by hash instead. */
export function nonceToHashes(html: string, nonce: string): { html: string; hashes: string[] } {
  if (!nonce) return { html, hashes: [] };
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const script = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
  for (const [, attributes, source] of html.matchAll(script)) {
    if (attributes!.includes(attribute) && !/\bsrc=/.test(attributes!)) hashes.add(scriptHash(source!));
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}

/** A response a shared cache may keep and serve to many visitors. */
export function isPublic(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
}

/** A page served to many visitors (a shared cache may keep it): true for public HTML. */
export function isSharedPage(response: Response): boolean {
  return isPublic(response) && (response.headers.get("Content-Type")?.startsWith("text/html") ?? false);
}

/** The body and policy of a page rendered with `nonce`, to be served to many visitors. */
export function sharedPagePolicy(
  html: string,
  nonce: string,
  frameAncestors: string,
): { html: string; policy: string } {
  const page = nonceToHashes(html, nonce);
  return { html: page.html, policy: contentSecurityPolicy({ scripts: { hashes: page.hashes }, frameAncestors }) };
}
