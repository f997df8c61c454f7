// Where the product keeps files: the folders it writes to, the key of each
// kind of file, and every column that names one. Garbage collection
// (`npm run media:gc`) and the AVIF backfill read the list; infrastructure
// knows none of it.
import type { StoredFiles } from "~/.server/images/gc";
import { PRIVATE_PREFIX, randomKey, stampedKey } from "~/.server/storage/keys";
import { isUuid } from "~/lib/uuid";
import { keptFileSelects } from "./retained.server";
import {
  clients,
  companySettings,
  contracts,
  contractUploads,
  playgroundOptions,
  projectImages,
  proposalAcceptances,
  proposalMedia,
  uploads,
} from "~/tables";

export const clientLogoKey = (ext: string) => stampedKey("client-logos", ext);

/** The company's own logo (footer settings). */
export const companyLogoKey = (ext: string) => stampedKey("company", ext);

export const optionImageKey = (ext: string) => randomKey("project-files/playground-options", ext);

/** A design render or file uploaded to a proposal. */
export const proposalImageKey = (ext: string) => randomKey("project-files/proposals", ext);

/** A signed contract's PDF: private, so it is only ever served through the staff download route. */
export const contractDocumentKey = () => stampedKey(`${PRIVATE_PREFIX}contracts`, "pdf");

/** An accepted proposal's sealed PDF: private, served only to its client and staff. */
export const proposalAcceptanceKey = () => stampedKey(`${PRIVATE_PREFIX}proposals`, "pdf");

export function projectImageKey(projectId: string, category: string, ext: string): string {
  // Both end up in the path: refuse anything that is not exactly an id and a plain name.
  if (!isUuid(projectId)) throw new Error(`Invalid project id for a storage key: ${JSON.stringify(projectId)}`);
  if (!/^[a-z0-9_]+$/.test(category))
    throw new Error(`Invalid category for a storage key: ${JSON.stringify(category)}`);
  return stampedKey(`project-files/${projectId.toLowerCase()}/${category}`, ext);
}

const OWNERS = [
  { key: clients.logoKey, width: clients.logoWidth },
  { key: companySettings.logoKey, width: companySettings.logoWidth },
  { key: playgroundOptions.imageKey, width: playgroundOptions.imageWidth },
  { key: projectImages.storageKey, width: projectImages.width },
  { key: contracts.documentKey, width: null },
  { key: contracts.signedDocumentKey, width: null },
  { key: proposalMedia.storageKey, width: proposalMedia.width },
  { key: proposalAcceptances.documentKey, width: null },
  { key: proposalAcceptances.certificateKey, width: null },
];

/** The SQL names of the columns that name files, for the history's check (media/retained.server.ts). */
export const FILE_COLUMN_NAMES = [...new Set(OWNERS.map((owner) => owner.key.name))];

export const STORED_FILES: StoredFiles = {
  folders: ["client-logos/", "company/", "project-files/", PRIVATE_PREFIX],
  owners: OWNERS,
  // A deleted record's files, and replaced ones, while the change can be taken back.
  retained: keptFileSelects(OWNERS),
  pending: [
    { id: uploads.id, key: uploads.storageKey, width: uploads.width, createdAt: uploads.createdAt },
    { id: contractUploads.id, key: contractUploads.storageKey, width: null, createdAt: contractUploads.createdAt },
  ],
};
