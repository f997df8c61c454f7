// The loader of /share/:token: a valid link shows its project (any status) or
// gallery (published or not) read-only, from the public columns only; a
// revoked or expired one says so (410), an unknown one is a 404.
import { data } from "react-router";
import { privatePage } from "~/.server/http/embeddable";
import { findSharedGallery } from "~/domain/library/gallery-page.server";
import { findPublicProject } from "~/domain/library/project-page.server";
import { openShareLink } from "~/domain/share-links/share-links.server";

/** Never stored, never indexed, never framed. */
export const sharedPageMiddleware = privatePage({ frameable: false, noindex: true });

export async function loadSharedPage(token: string | undefined) {
  const opened = await openShareLink(token ?? "");
  if (opened.status !== "open") {
    return data(
      { state: opened.status, project: null, gallery: null },
      { status: opened.status === "expired" ? 410 : 404 },
    );
  }
  const { target } = opened;
  const [project, gallery] = await Promise.all([
    "projectId" in target ? findPublicProject({ id: target.projectId }) : null,
    "galleryId" in target ? findSharedGallery(target.galleryId) : null,
  ]);
  if (!project && !gallery) return data({ state: "expired" as const, project: null, gallery: null }, { status: 410 });
  return { state: "open" as const, project, gallery };
}
