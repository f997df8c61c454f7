// What a client sees in the portal: its own client's projects (every status)
// and their contracts (once sent). Every query is scoped by the client id of
// the signed-in contact, so another client's records never match.
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import { localToday } from "../contracts/rules";
import type { ContractStatus } from "../contracts/schema";
import { effectiveStatus } from "../contracts/status.server";
import { askedToSign } from "../contracts/signing/views.server";
import { projectCoverOrder } from "../library/cover.server";
import { findPublicProject } from "../library/project-page.server";
import { countOf } from "../projects/projects.server";
import type { ImageSources } from "~/lib/image-sources";

const { projects, contracts, projectImages, projectVideos } = schema;

export interface PortalProjectCard {
  id: string;
  title: string;
  status: string;
  endDate: string | null;
  cover: ImageSources | null;
  photos: number;
  videos: number;
}

// The picture the public page's hero shows.
const coverJson = sql<{ key: string; width: number; height: number } | null>`(
  select json_build_object('key', i.storage_key, 'width', i.width, 'height', i.height)
  from project_images i where i.project_id = "projects"."id"
  order by ${projectCoverOrder}
  limit 1)`;

export async function listClientProjects(clientId: string): Promise<PortalProjectCard[]> {
  const rows = await db()
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      endDate: projects.endDate,
      cover: coverJson,
      photos: countOf(projectImages),
      videos: countOf(projectVideos),
    })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map(({ cover, ...row }) => ({
    ...row,
    cover: cover ? imageSources(cover.key, cover.width, cover.height) : null,
  }));
}

export interface PortalContractRow {
  id: string;
  title: string | null;
  projectId: string;
  projectTitle: string;
  status: ContractStatus;
  dateSent: string | null;
  dateSigned: string | null;
  expiresOn: string | null;
  /** This contact was asked to sign it. */
  forMe: boolean;
}

/** The client's contracts once sent (drafts stay with staff), newest first; one project's when asked. */
export async function listClientContracts(
  clientId: string,
  contactId: string,
  projectId?: string,
): Promise<PortalContractRow[]> {
  return db()
    .select({
      id: contracts.id,
      title: contracts.title,
      projectId: contracts.projectId,
      projectTitle: projects.title,
      status: effectiveStatus(localToday()),
      dateSent: contracts.dateSent,
      dateSigned: contracts.dateSigned,
      expiresOn: contracts.expiresOn,
      forMe: askedToSign(contactId),
    })
    .from(contracts)
    .innerJoin(projects, eq(projects.id, contracts.projectId))
    .where(
      and(
        eq(projects.clientId, clientId),
        ne(contracts.status, "draft"),
        projectId ? eq(projects.id, projectId) : undefined,
      ),
    )
    .orderBy(desc(contracts.createdAt), desc(contracts.id));
}

/** One of the client's projects as its portal page shows it, or null when it is not theirs. */
export async function getClientProject(clientId: string, projectId: string) {
  const [own] = await db()
    .select({ status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
  if (!own) return null;
  const project = await findPublicProject({ id: projectId });
  return project ? { ...project, status: own.status } : null;
}
