import type { Seed } from "../server";
import { hashShareToken } from "~/domain/share-links/share-links.server";

export const CLIENT = "c1822222-1111-4111-8111-111111111111";
export const PROJECT = "a1822222-1111-4111-8111-111111111111";
export const GALLERY = "e1822222-1111-4111-8111-111111111111";
export const EXPIRED_TOKEN = "expiredTOKEN-expiredTOKEN-expiredTOKEN-expi";

export const seedShareLinks: Seed = async ({ make }) => {
  await make.client({ id: CLIENT, name: "Quarry Council", notes: "SECRET-CLIENT-NOTE" });
  await make.project({
    id: PROJECT,
    title: "Quarry Quest",
    clientId: CLIENT,
    status: "planning",
    description: "A draft design for the old quarry.",
    salePrice: "123456.78",
  });
  await make.gallery({ id: GALLERY, name: "Secret Plans", slug: "secret-plans", isPublished: false });
  await make.galleryProject({ galleryId: GALLERY, projectId: PROJECT, displayOrder: 0 });
  const other = await make.project({ clientId: CLIENT, title: "Old Offer" });
  await make.shareLink({
    projectId: other.id,
    tokenHash: hashShareToken(EXPIRED_TOKEN),
    expiresAt: new Date(Date.now() - 60_000),
  });
};
