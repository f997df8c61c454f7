// The dashboard's figures, from one database round trip.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";

export interface DashboardCounts {
  clients: number;
  activeProjects: number;
  projects: number;
  contracts: number;
  /** Contracts sent and not signed yet. */
  awaitingSignature: number;
  galleryImages: number;
  /** Inquiries nobody has followed up yet. */
  newInquiries: number;
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const result = await db().execute<Record<keyof DashboardCounts, string | number>>(sql`
    select
      (select count(*) from clients) as "clients",
      (select count(*) from projects where status in ('planning', 'in_progress')) as "activeProjects",
      (select count(*) from projects) as "projects",
      (select count(*) from contracts) as "contracts",
      (select count(*) from contracts where status in ('sent', 'viewed')) as "awaitingSignature",
      (select count(*) from project_images) as "galleryImages",
      (select count(*) from inquiries where status = 'new') as "newInquiries"`);
  const row = result.rows[0]!;
  return {
    clients: Number(row.clients),
    activeProjects: Number(row.activeProjects),
    projects: Number(row.projects),
    contracts: Number(row.contracts),
    awaitingSignature: Number(row.awaitingSignature),
    galleryImages: Number(row.galleryImages),
    newInquiries: Number(row.newInquiries),
  };
}
