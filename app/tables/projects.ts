// Projects, their images and videos, the playground-option catalogue and its links.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { RESERVED_SLUGS } from "~/lib/reserved-slugs";
import { user } from "./auth";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { declareParts, declareRecords } from "./declare";

export const PROJECT_STATUSES = ["draft", "planning", "in_progress", "completed", "on_hold"] as const;
export const IMAGE_CATEGORIES = ["3d_renders", "photos_installation", "photos_completed"] as const;
export const VIDEO_CATEGORIES = ["3d_renders", "real_videos"] as const;
/** The case-study facets: who a playground is for and what it stands on (URL-safe, also the library's filter values). */
export const AGE_GROUPS = ["6-23-months", "2-5-years", "5-12-years", "13-plus"] as const;
export const SURFACINGS = ["poured-rubber", "turf", "mulch", "sand", "other"] as const;

const quotedList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

const dimension = (name: string) => numeric(name, { precision: 10, scale: 2 });
const area = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const projects = pgTable(
  "projects",
  {
    id: id(),
    title: text("title").notNull(),
    // The public slug: /{project_name}.
    projectName: text("project_name").unique(),
    description: text("description"),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    status: text("status", { enum: PROJECT_STATUSES }).notNull().default("draft"),
    endDate: date("end_date"),
    showInGallery: boolean("show_in_gallery").notNull().default(false),
    themeStyle: text("theme_style"),
    isFeatured: boolean("is_featured").notNull().default(false),
    featuredUrl: text("featured_url"),
    salePrice: numeric("sale_price", { precision: 12, scale: 2 }),
    capacity: integer("capacity"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),

    hasMainPlayground: boolean("has_main_playground").notNull().default(false),
    mainPlaygroundLength: dimension("main_playground_length"),
    mainPlaygroundWidth: dimension("main_playground_width"),
    mainPlaygroundHeight: dimension("main_playground_height"),
    levels: integer("levels"),
    sqFeet: area("sq_feet"),

    hasToddlerZone: boolean("has_toddler_zone").notNull().default(false),
    toddlerZoneLength: dimension("toddler_zone_length"),
    toddlerZoneWidth: dimension("toddler_zone_width"),
    toddlerZoneHeight: dimension("toddler_zone_height"),
    toddlerZoneLevels: integer("toddler_zone_levels"),
    toddlerZoneSqFeet: area("toddler_zone_sq_feet"),

    hasSportCourt: boolean("has_sport_court").notNull().default(false),
    sportCourtLength: dimension("sport_court_length"),
    sportCourtWidth: dimension("sport_court_width"),
    sportCourtHeight: dimension("sport_court_height"),
    sportCourtLevels: integer("sport_court_levels"),
    sportCourtSqFeet: area("sport_court_sq_feet"),

    // The case study: three optional parts of the story and a client quote (plain text).
    storyBrief: text("story_brief"),
    storySolution: text("story_solution"),
    storyResult: text("story_result"),
    quoteText: text("quote_text"),
    quoteAuthor: text("quote_author"),
    quoteRole: text("quote_role"),
    ageGroups: text("age_groups", { enum: AGE_GROUPS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inclusivePlay: boolean("inclusive_play").notNull().default(false),
    surfacing: text("surfacing", { enum: SURFACINGS }),
    // Render versus reality: the pair staff chose. No foreign key on purpose: a
    // deleted image must not rewrite the project row (its version is the edit
    // form's); pages read only an image of this project and category, else the
    // first of each.
    comparisonRenderId: uuid("comparison_render_id"),
    comparisonPhotoId: uuid("comparison_photo_id"),

    ...timestamps(),
  },
  (t) => [
    check("projects_title_check", sql`btrim(${t.title}) <> '' and char_length(${t.title}) <= 200`),
    check("projects_age_groups_check", sql`${t.ageGroups} <@ array[${quotedList(AGE_GROUPS)}]::text[]`),
    check("projects_surfacing_check", sql`${t.surfacing} in (${quotedList(SURFACINGS)})`),
    check("projects_status_check", sql`${t.status} in (${quotedList(PROJECT_STATUSES)})`),
    check(
      "projects_project_name_check",
      sql`${t.projectName} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(${t.projectName}) <= 100 and ${t.projectName} not in (${quotedList(RESERVED_SLUGS)})`,
    ),
    index("projects_client_id_idx").on(t.clientId),
    index("projects_status_idx").on(t.status),
    index("projects_created_at_idx").on(t.createdAt),
    // The Project Library's order, over listed projects only.
    index("projects_listed_title_idx")
      .on(sql`lower(${t.title})`, t.id)
      .where(sql`${t.showInGallery} and ${t.status} = 'completed'`),
  ],
);

export const projectsDeclaration = declareRecords(projects, {
  kind: "project",
  noun: "project",
  plural: "Projects",
  page: "routes/admin/projects/edit",
  path: "/admin/projects/:id/edit",
  label: projects.title,
  public: true,
});

export const projectImages = pgTable(
  "project_images",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull().unique(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    caption: text("caption"),
    // The text alternative when it should differ from the caption (null: the caption is the alt).
    altText: text("alt_text"),
    isFeatured: boolean("is_featured").notNull().default(false),
    displayOrder: integer("display_order").notNull(),
    imageCategory: text("image_category", { enum: IMAGE_CATEGORIES }).notNull(),
    // Images picked together in one upload (a batch) and each one's place in that pick: the
    // batch keeps the pick's order whatever order the uploads finish in (domain/media).
    uploadBatch: uuid("upload_batch"),
    uploadPosition: integer("upload_position"),
    ...timestamps(),
  },
  (t) => [
    check("project_images_category_check", sql`${t.imageCategory} in (${quotedList(IMAGE_CATEGORIES)})`),
    check("project_images_display_order_check", sql`${t.displayOrder} >= 0`),
    index("project_images_order_idx").on(t.projectId, t.imageCategory, t.displayOrder),
    uniqueIndex("project_images_one_featured_idx")
      .on(t.projectId)
      .where(sql`${t.isFeatured}`),
  ],
);

export const projectImagesDeclaration = declareParts(projectImages, {
  of: [projectImages.projectId],
  noun: "image",
  label: projectImages.caption,
  public: true,
});

export const projectVideos = pgTable(
  "project_videos",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    youtubeUrl: text("youtube_url").notNull(),
    youtubeId: text("youtube_id").notNull(),
    displayOrder: integer("display_order").notNull(),
    videoCategory: text("video_category", { enum: VIDEO_CATEGORIES }).notNull(),
    ...timestamps(),
  },
  (t) => [
    check("project_videos_category_check", sql`${t.videoCategory} in (${quotedList(VIDEO_CATEGORIES)})`),
    check("project_videos_youtube_id_check", sql`${t.youtubeId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check("project_videos_display_order_check", sql`${t.displayOrder} >= 0`),
    index("project_videos_order_idx").on(t.projectId, t.displayOrder),
  ],
);

export const projectVideosDeclaration = declareParts(projectVideos, {
  of: [projectVideos.projectId],
  noun: "video",
  label: projectVideos.title,
  public: true,
});

export const playgroundOptions = pgTable(
  "playground_options",
  {
    id: id(),
    optionName: text("option_name").notNull().unique(),
    optionCategory: text("option_category").notNull().default("General"),
    description: text("description"),
    imageKey: text("image_key"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [check("playground_options_name_check", sql`btrim(${t.optionName}) <> ''`)],
);

export const playgroundOptionsDeclaration = declareRecords(playgroundOptions, {
  kind: "option",
  noun: "playground option",
  plural: "Playground options",
  page: "routes/admin/options",
  path: "/admin/options",
  label: playgroundOptions.optionName,
  public: true,
});

export const projectOptions = pgTable(
  "project_options",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => playgroundOptions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.optionId] }), index("project_options_option_id_idx").on(t.optionId)],
);

export const projectOptionsDeclaration = declareParts(projectOptions, {
  of: [projectOptions.projectId],
  noun: "playground option",
  names: projectOptions.optionId,
  public: true,
});
