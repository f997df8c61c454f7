// What the project form starts with: the saved project's values as the text
// the fields hold ("12.30"), or a new draft.
import type { z } from "zod";
import { fieldText } from "../../form-fields";
import type { ProjectForEdit } from "../projects.server";
import { PROJECT_FIELDS, type projectFormSchema, SECTION_FIELDS } from "../schema";

export type FormInput = z.input<typeof projectFormSchema>;

/** The fields' values; switches and checkboxes start checked from the project by themselves. */
export function defaultValues(project: ProjectForEdit | undefined) {
  if (!project) return { status: "draft" };
  return fieldText({ ...PROJECT_FIELDS, ...SECTION_FIELDS }, project);
}
