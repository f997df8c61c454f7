// The project statuses and the case-study facets with their labels (checked
// against the database's lists). Public pages import these from here, not from
// schema.ts, so they do not bundle the project form and its table.
import type {
  AGE_GROUPS as DB_AGE_GROUPS,
  PROJECT_STATUSES as DB_PROJECT_STATUSES,
  SURFACINGS as DB_SURFACINGS,
} from "~/tables/projects";

export type ProjectStatus = (typeof DB_PROJECT_STATUSES)[number];

/** Every status in the order the form offers them, with its label (checked against the database's list). */
export const PROJECT_STATUS_LABELS = {
  draft: "Draft",
  planning: "Planning",
  in_progress: "In Progress",
  completed: "Completed",
  on_hold: "On Hold",
} as const satisfies Record<ProjectStatus, string>;

export const PROJECT_STATUSES = Object.keys(PROJECT_STATUS_LABELS) as [ProjectStatus, ...ProjectStatus[]];

export type AgeGroup = (typeof DB_AGE_GROUPS)[number];
export type Surfacing = (typeof DB_SURFACINGS)[number];

/** The age groups a playground serves, youngest first (checked against the database's list). */
export const AGE_GROUP_LABELS = {
  "6-23-months": "6–23 months",
  "2-5-years": "2–5 years",
  "5-12-years": "5–12 years",
  "13-plus": "13+ and adults",
} as const satisfies Record<AgeGroup, string>;
export const AGE_GROUPS = Object.keys(AGE_GROUP_LABELS) as [AgeGroup, ...AgeGroup[]];

export const SURFACING_LABELS = {
  "poured-rubber": "Poured rubber",
  turf: "Turf",
  mulch: "Mulch",
  sand: "Sand",
  other: "Other",
} as const satisfies Record<Surfacing, string>;
export const SURFACINGS = Object.keys(SURFACING_LABELS) as [Surfacing, ...Surfacing[]];

/** The list filter offers these (drafts show under All Status). */
export const FILTER_STATUSES = PROJECT_STATUSES.filter((status) => status !== "draft");
