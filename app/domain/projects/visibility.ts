// Who may see a project's own pages, as staff decide it on the project form:
// published when Show in Gallery is on or it is in a published gallery,
// otherwise private (staff previews and share links only). The library's
// listing is narrower: Show in Gallery and completed (see decision 0029).
export type ProjectVisibility = "listed" | "gallery" | "private";

export const VISIBILITY_LABELS: Record<ProjectVisibility, string> = {
  listed: "Listed",
  gallery: "In a published gallery",
  private: "Private",
};

export const VISIBILITY_DESCRIPTIONS: Record<ProjectVisibility, string> = {
  listed: "Its page is public; the Project Library lists it once it is completed.",
  gallery: "Its page is public through a published gallery; the Project Library does not list it.",
  private: "Only signed-in staff and share-link holders can open its page; visitors get 'Project not found'.",
};

export function projectVisibility(project: { showInGallery: boolean; inPublishedGallery: boolean }): ProjectVisibility {
  if (project.showInGallery) return "listed";
  return project.inPublishedGallery ? "gallery" : "private";
}
