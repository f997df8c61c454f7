// The loader of /share/:token: a valid link shows its project (any status) or
// gallery (published or not) read-only, from the public columns only. A shared
// gallery's cards open their projects inside the share (?project=…), never
// their public pages, which visitors cannot see while unpublished. A revoked
// or expired link says which (410) and how to reach the company; an unknown one
// is a 404.
import { data } from "react-router";
import { privatePage } from "~/.server/http/embeddable";
import { notFound } from "~/.server/http/invariant";
import { getCompanyDetails } from "~/domain/company/company.server";
import { findSharedGallery } from "~/domain/library/gallery-page.server";
import { findPublicProject } from "~/domain/library/project-page.server";
import { openShareLink, sharedGalleryHolds } from "~/domain/share-links/share-links.server";
import { isUuid } from "~/lib/uuid";

/** Never stored, never indexed, never framed. */
export const sharedPageMiddleware = privatePage({ frameable: false, noindex: true });

const sharePath = (token: string) => `/share/${token}`;

async function gone(request: Request, state: "revoked" | "expired" | "unknown") {
  const company = state === "unknown" ? null : await getCompanyDetails();
  const page = { state, project: null, gallery: null, backHref: null, company };
  return state === "unknown" ? notFound(request, page) : data(page, { status: 410 });
}

export async function loadSharedPage(request: Request, token: string | undefined) {
  const opened = await openShareLink(token ?? "");
  if (opened.status !== "open") return gone(request, opened.status);
  const { target } = opened;
  const path = sharePath(token!);

  const cardProject = new URL(request.url).searchParams.get("project");
  if ("galleryId" in target && cardProject !== null) {
    // One of the shared gallery's projects, and only one of its own.
    const held = isUuid(cardProject) && (await sharedGalleryHolds(target.galleryId, cardProject));
    const project = held ? await findPublicProject({ id: cardProject }) : null;
    if (!project) return gone(request, "unknown");
    return { state: "open" as const, project, gallery: null, backHref: path, company: null };
  }

  const [project, gallery] = await Promise.all([
    "projectId" in target ? findPublicProject({ id: target.projectId }) : null,
    "galleryId" in target ? findSharedGallery(target.galleryId) : null,
  ]);
  if (!project && !gallery) return gone(request, "expired");
  const shared = gallery && {
    ...gallery,
    cards: gallery.cards.map((card) => ({
      ...card,
      href: `${path}?${new URLSearchParams({ project: card.projectId })}`,
    })),
  };
  return { state: "open" as const, project, gallery: shared, backHref: null, company: null };
}
