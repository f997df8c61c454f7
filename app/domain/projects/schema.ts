// The project form, the list's query and the edit page's one-click intents
// (zod, shared with the browser). The statuses and facets with their labels
// are in labels.ts (public pages read them without the form's table).
import { z } from "zod";
import { AGE_GROUPS, FILTER_STATUSES, PROJECT_STATUSES, type ProjectStatus, SURFACINGS } from "./labels";
import { version } from "~/lib/form-values";

export * from "./labels";
import { isReservedSlug } from "~/lib/reserved-slugs";
import { SLUG_MAX_LENGTH, slugify } from "~/lib/slugify";
import { projects } from "~/tables/projects";
import { formFields, httpUrl, text } from "../form-fields";

export const CASE_STUDY_MESSAGES = {
  ageGroup: "Choose age groups from the list",
  surfacing: "Choose a surfacing from the list",
  quoteAuthor: "Quote author is required with a quote",
  quoteText: "Add the quote, or clear its author and role",
  render: "Choose one of this project's 3D renders",
  photo: "Choose one of this project's completed photos",
};

export const PROJECT_NAME_MESSAGES = {
  characters: "Project name can only contain lowercase letters, numbers, and hyphens",
  edges: "Project name cannot start or end with a hyphen",
  doubled: "Project name cannot contain two hyphens in a row",
  tooLong: `Must be at most ${SLUG_MAX_LENGTH} characters`,
  reserved: "This project name is reserved by the site; choose another.",
  taken: (otherTitle: string) => `This project name is already used by "${otherTitle}".`,
};

/** What is wrong with a project name, or null when the database will take it (uniqueness aside). */
export function projectNameProblem(name: string): string | null {
  if (name.length > SLUG_MAX_LENGTH) return PROJECT_NAME_MESSAGES.tooLong;
  if (/[^a-z0-9-]/.test(name)) return PROJECT_NAME_MESSAGES.characters;
  if (name.startsWith("-") || name.endsWith("-")) return PROJECT_NAME_MESSAGES.edges;
  if (name.includes("--")) return PROJECT_NAME_MESSAGES.doubled;
  if (isReservedSlug(name)) return PROJECT_NAME_MESSAGES.reserved;
  return null;
}

/** A project name derived from the title; a reserved word gets "-project" so it can be used. */
export function suggestProjectName(title: string): string {
  const slug = slugify(title, SLUG_MAX_LENGTH - "-project".length);
  return slug && isReservedSlug(slug) ? `${slug}-project` : slug;
}

/** The three dimension blocks: the form fields (named like the columns) of each. */
export const DIMENSION_BLOCKS = [
  {
    title: "Main Playground",
    included: "hasMainPlayground",
    length: "mainPlaygroundLength",
    width: "mainPlaygroundWidth",
    height: "mainPlaygroundHeight",
    levels: "levels",
    sqFeet: "sqFeet",
  },
  {
    title: "Toddler Zone",
    included: "hasToddlerZone",
    length: "toddlerZoneLength",
    width: "toddlerZoneWidth",
    height: "toddlerZoneHeight",
    levels: "toddlerZoneLevels",
    sqFeet: "toddlerZoneSqFeet",
  },
  {
    title: "Sport Court",
    included: "hasSportCourt",
    length: "sportCourtLength",
    width: "sportCourtWidth",
    height: "sportCourtHeight",
    levels: "sportCourtLevels",
    sqFeet: "sportCourtSqFeet",
  },
] as const;

type Block = (typeof DIMENSION_BLOCKS)[number];
export type IncludedField = Block["included"];
export type DecimalDimensionField = Block["length" | "width" | "height" | "sqFeet"];
export type LevelsField = Block["levels"];
export type DimensionField = DecimalDimensionField | LevelsField;

const projectName = z
  .string()
  .trim()
  .optional()
  .superRefine((value, ctx) => {
    const problem = value ? projectNameProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value || null);

/** An image picked for the comparison: "" is the default (the first of its category); absent leaves it. */
const pickedImage = z
  .uuid({ message: "Not a valid image" })
  .or(z.literal(""))
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** The fields every save checks and writes, read as their columns' types say unless given here. */
export const PROJECT_FIELDS = formFields(projects, {
  title: text(200, "Title is required"),
  projectName,
  clientId: z.uuid({ message: "Client is required" }),
  description: text(10_000),
  status: z.enum(PROJECT_STATUSES, { message: "Choose a status" }).default("draft"),
  endDate: true,
  themeStyle: text(100),
  isFeatured: true,
  showInGallery: true,
  salePrice: true,
  capacity: true,
  hasMainPlayground: true,
  hasToddlerZone: true,
  hasSportCourt: true,
  storyBrief: true,
  storySolution: true,
  storyResult: true,
  quoteText: text(1000),
  quoteAuthor: text(200),
  quoteRole: text(200),
  ageGroups: () => z.array(z.enum(AGE_GROUPS, { message: CASE_STUDY_MESSAGES.ageGroup })),
  inclusivePlay: true,
  surfacing: () => z.enum(SURFACINGS, { message: CASE_STUDY_MESSAGES.surfacing }),
  // Undefined (the form did not show the pair): the saved pair stays.
  comparisonRenderId: pickedImage,
  comparisonPhotoId: pickedImage,
});

const alwaysChecked = z.object({ ...PROJECT_FIELDS, version: version.optional() });

const DIMENSION_FIELDS = DIMENSION_BLOCKS.flatMap((block) => [
  block.length,
  block.width,
  block.height,
  block.levels,
  block.sqFeet,
]);

/** The fields of the sections a submission may hide (decimals to their columns' precision). */
const levels = (column: z.ZodNumber) => column.max(1000, "Must be at most 1,000");
export const SECTION_FIELDS = formFields(projects, {
  featuredUrl: httpUrl("Invalid URL"),
  ...(Object.fromEntries(DIMENSION_FIELDS.map((name) => [name, true])) as Record<DimensionField, true>),
  levels,
  toddlerZoneLevels: levels,
  sportCourtLevels: levels,
});

/**
 * The rules of the sections this submission shows: the featured URL of a
 * featured project, the dimensions of each included block. A hidden section
 * keeps its saved values, so its fields are neither checked nor written.
 */
function shownSectionsSchema(input: Record<string, string | undefined>) {
  const shape: Record<string, z.ZodType> = {};
  if (input.isFeatured === "on") shape.featuredUrl = SECTION_FIELDS.featuredUrl;
  for (const block of DIMENSION_BLOCKS) {
    if (input[block.included] !== "on") continue;
    for (const name of [block.length, block.width, block.height, block.levels, block.sqFeet]) {
      shape[name] = SECTION_FIELDS[name];
    }
  }
  return z.object(shape);
}

/** Every field of the form; each arrives as text (or not at all), the age groups as one or several. */
const FORM_FIELDS = [
  ...alwaysChecked.keyof().options,
  ...(Object.keys(SECTION_FIELDS) as (keyof typeof SECTION_FIELDS)[]),
];
type TextField = Exclude<(typeof FORM_FIELDS)[number], "ageGroups">;
const asText = {
  ...(Object.fromEntries(
    FORM_FIELDS.filter((name) => name !== "ageGroups").map((name) => [name, z.string().optional()]),
  ) as Record<TextField, z.ZodOptional<z.ZodString>>),
  ageGroups: z.union([z.string(), z.array(z.string())]).optional(),
};

/**
 * The project form (create and edit). The fields every save checks and those
 * of the shown sections are checked in one pass, so all messages show at once.
 */
export const projectFormSchema = z.object(asText).transform((input, ctx) => {
  const fields = alwaysChecked.safeParse(input);
  const sections = shownSectionsSchema(input as Record<string, string | undefined>).safeParse(input);
  for (const issue of [...(fields.error?.issues ?? []), ...(sections.error?.issues ?? [])]) {
    // An age group's issue names its place in the list: the message belongs to the field.
    const path = issue.path[0] === "ageGroups" ? ["ageGroups"] : issue.path;
    ctx.addIssue({ code: "custom", message: issue.message, path });
  }
  // A quote is said by someone; an author or role says nothing without the quote.
  const quoteText = input.quoteText?.trim();
  if (quoteText && !input.quoteAuthor?.trim()) {
    ctx.addIssue({ code: "custom", message: CASE_STUDY_MESSAGES.quoteAuthor, path: ["quoteAuthor"] });
  } else if (!quoteText && (input.quoteAuthor?.trim() || input.quoteRole?.trim())) {
    ctx.addIssue({ code: "custom", message: CASE_STUDY_MESSAGES.quoteText, path: ["quoteText"] });
  }
  if (!fields.success || !sections.success || ctx.issues?.length) return z.NEVER;
  const { featuredUrl, ...dimensions } = sections.data as { featuredUrl?: string | null } & Partial<
    Record<DimensionField, string | number | null>
  >;
  // featuredUrl is undefined when the project is not featured: the saved URL stays.
  return { ...fields.data, featuredUrl, dimensions };
});

export type ProjectFormValues = z.output<typeof projectFormSchema>;

/** A catalogue entry the options picker offers. */
export interface OptionChoice {
  id: string;
  optionName: string;
  optionCategory: string;
}

/** The edit page's one-click actions, told apart by `intent` (the form itself has none). */
export const projectIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-option"), optionId: z.uuid() }),
  z.object({ intent: z.literal("remove-option"), optionId: z.uuid() }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("duplicate") }),
]);

export type ProjectIntent = z.output<typeof projectIntentSchema>["intent"];

export const projectListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z
    .enum(FILTER_STATUSES as [ProjectStatus, ...ProjectStatus[]])
    .or(z.literal(""))
    .catch(""),
});

export type ProjectListQuery = z.output<typeof projectListQuerySchema> & { page: number };
