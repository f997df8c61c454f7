// The records of security-headers.spec on the shared server: a client's project with a video, in a
// published gallery, whose public and admin pages the spec reads.
import type { Seed } from "../server";

const CLIENT = "c5555555-1111-4111-8111-111111111111";
export const PROJECT = "a5555555-1111-4111-8111-111111111111";
const GALLERY = "e5555555-1111-4111-8111-111111111111";
export const seedSecurityHeaders: Seed = async ({ make }) => {
  await make.client({ id: CLIENT, name: "Harbour Museum" });
  await make.project({
    id: PROJECT,
    title: "Policy Pier",
    projectName: "policy-pier",
    description: "A pier with rope nets.",
    clientId: CLIENT,
    status: "completed",
    showInGallery: true,
  });
  await make.video({ projectId: PROJECT, title: "Walkthrough" });
  await make.gallery({ id: GALLERY, name: "Policy Gallery", slug: "policy-gallery", isPublished: true });
  await make.galleryProject({ galleryId: GALLERY, projectId: PROJECT, displayOrder: 0 });
};
