// Galleries, their ordered projects, and the spec's read view joining project and client.
import { eq, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, pgView, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { projects } from "./projects";
import { declareParts, declareRecords } from "./declare";

export const galleries = pgTable(
  "galleries",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    isPublished: boolean("is_published").notNull().default(false),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("galleries_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`),
    check("galleries_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.slug}) <= 100`),
    check("galleries_description_check", sql`char_length(${t.description}) <= 500`),
    index("galleries_created_at_idx").on(t.createdAt),
  ],
);

export const galleriesDeclaration = declareRecords(galleries, {
  kind: "gallery",
  noun: "gallery",
  nouns: "galleries",
  plural: "Galleries",
  page: "routes/admin/gallery/detail",
  path: "/admin/gallery/:slug",
  label: galleries.name,
  public: true,
});

export const galleryProjects = pgTable(
  "gallery_projects",
  {
    id: id(),
    galleryId: uuid("gallery_id")
      .notNull()
      .references(() => galleries.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    displayOrder: integer("display_order").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("gallery_projects_gallery_project_key").on(t.galleryId, t.projectId),
    check("gallery_projects_display_order_check", sql`${t.displayOrder} >= 0`),
    index("gallery_projects_order_idx").on(t.galleryId, t.displayOrder),
    index("gallery_projects_project_id_idx").on(t.projectId),
  ],
);

export const galleryProjectsDeclaration = declareParts(galleryProjects, {
  of: [galleryProjects.galleryId],
  noun: "project in the gallery",
  nouns: "projects in the gallery",
  names: galleryProjects.projectId,
  public: true,
});

export const galleryProjectsWithDetails = pgView("gallery_projects_with_details").as((qb) =>
  qb
    .select({
      id: galleryProjects.id,
      galleryId: galleryProjects.galleryId,
      projectId: galleryProjects.projectId,
      displayOrder: galleryProjects.displayOrder,
      title: projects.title,
      clientId: sql<string>`${clients.id}`.as("client_id"),
      clientName: sql<string>`${clients.name}`.as("client_name"),
      clientLogoKey: sql<string | null>`${clients.logoKey}`.as("client_logo_key"),
      clientIndustryType: sql<string | null>`${clients.industryType}`.as("client_industry_type"),
      clientLocation: sql<string | null>`${clients.location}`.as("client_location"),
    })
    .from(galleryProjects)
    .innerJoin(projects, eq(projects.id, galleryProjects.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId)),
);
