// Where the Project Media section posts, and how: every write is a form post
// to /admin/projects/:id/media through a fetcher, told apart by `intent`.
import type { ProjectMediaIntent } from "../schema";

export function mediaActionUrl(projectId: string): string {
  return `/admin/projects/${projectId}/media`;
}

/** The form data of one intent; arrays become repeated fields. */
export function mediaForm(intent: ProjectMediaIntent, fields: Record<string, string | readonly string[]>): FormData {
  const form = new FormData();
  form.append("intent", intent);
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else for (const item of value) form.append(name, item);
  }
  return form;
}

/** Items in the order of `ids` (an optimistic reorder); items missing from `ids` keep their place at the end. */
export function arrange<T extends { id: string }>(items: readonly T[], ids: readonly string[] | null): readonly T[] {
  if (!ids) return items;
  const byId = new Map(items.map((item) => [item.id, item]));
  const placed = ids.flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(placed.map((item) => item.id));
  return [...placed, ...items.filter((item) => !seen.has(item.id))];
}

/** The ids a reorder fetcher is posting right now, or null. */
export function pendingIds(formData: FormData | undefined, intent: ProjectMediaIntent): string[] | null {
  if (!formData || formData.get("intent") !== intent) return null;
  return formData.getAll("ids").filter((id): id is string => typeof id === "string");
}
