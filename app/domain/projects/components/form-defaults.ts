// What the project form starts with: the saved project's values as the text
// the fields hold ("12.30"), or a new draft.
import type { z } from "zod";
import type { ProjectForEdit } from "../projects.server";
import { DIMENSION_BLOCKS, type projectFormSchema } from "../schema";

export type FormInput = z.input<typeof projectFormSchema>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

type TextInput = Exclude<keyof FormInput, "ageGroups">;

/** The text fields' values (the age groups are checkboxes that start checked by themselves). */
export function defaultValues(project: ProjectForEdit | undefined): Partial<Record<TextInput, string>> {
  if (!project) return { status: "draft" };
  const values: Partial<Record<TextInput, string>> = {
    title: project.title,
    clientId: project.clientId,
    description: text(project.description),
    status: project.status,
    endDate: text(project.endDate),
    themeStyle: text(project.themeStyle),
    featuredUrl: text(project.featuredUrl),
    salePrice: text(project.salePrice),
    capacity: text(project.capacity),
    storyBrief: text(project.storyBrief),
    storySolution: text(project.storySolution),
    storyResult: text(project.storyResult),
    quoteText: text(project.quoteText),
    quoteAuthor: text(project.quoteAuthor),
    quoteRole: text(project.quoteRole),
    surfacing: text(project.surfacing),
    comparisonRenderId: text(project.comparisonRenderId),
    comparisonPhotoId: text(project.comparisonPhotoId),
  };
  for (const block of DIMENSION_BLOCKS) {
    for (const name of [block.length, block.width, block.height, block.levels, block.sqFeet]) {
      values[name] = text(project[name]);
    }
  }
  return values;
}
