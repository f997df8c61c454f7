// What a public page is, for the view counter: a project or a gallery by id,
// or a listing page by name. A route says it as a tag (the render cache keeps
// the tag with the page without reading it: app/.server/http/served-as.ts).
import type { ViewKind } from "~/tables";

/** The public pages that are neither a project nor a gallery. */
export type ListingPage = "home" | "projects" | "galleries";

export type ViewSubject =
  { kind: "project" | "gallery"; ref: string; framed?: boolean } | { kind: "page"; ref: ListingPage; framed?: boolean };

/** `project 2b1c… framed`: the kind, the id or page name, and whether it was served in another site's frame. */
export function viewTag(subject: ViewSubject): string {
  return `${subject.kind} ${subject.ref}${subject.framed ? " framed" : ""}`;
}

export function parseViewTag(tag: string): { kind: ViewKind; ref: string; framed: boolean } | null {
  const [kind, ref, framed] = tag.split(" ");
  if ((kind !== "project" && kind !== "gallery" && kind !== "page") || !ref) return null;
  return { kind, ref, framed: framed === "framed" };
}
