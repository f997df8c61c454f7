// What the shared server holds before it starts: the known records of the specs
// that run on it instead of on a server of their own (decision 0087). Each spec's
// records have their own ids, names, slugs and file keys, and its tests read only
// them, so the specs do not see each other's. A spec that sets what is one per site
// (the company's details, which every public page's title and footer show) keeps a
// server of its own (project-visibility, library).
import type { Seed } from "../server";
import { seedCaseStudy } from "./case-study";
import { seedGalleryPage } from "./gallery-page";
import { seedImport } from "./import";
import { seedOembed } from "./oembed";
import { seedProjectPage } from "./project-page";
import { seedProposalTemplates } from "./proposal-templates";
import { seedPublicImages } from "./public-images";
import { seedSecurityHeaders } from "./security-headers";
import { seedShareLinks } from "./share-links";

export const seedSharedServer: Seed = async (context) => {
  // Industry types are unique by name: the ones several specs' clients name, made once.
  for (const name of ["Schools", "Parks & Recreation"]) await context.make.industryType({ name });
  for (const seed of [
    seedProjectPage,
    seedCaseStudy,
    seedGalleryPage,
    seedShareLinks,
    seedImport,
    seedOembed,
    seedPublicImages,
    seedSecurityHeaders,
    seedProposalTemplates,
  ]) {
    await seed(context);
  }
};
