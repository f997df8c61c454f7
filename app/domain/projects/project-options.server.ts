// A saved project's playground options: each add or remove is saved at once.
// The (project_id, option_id) key makes a second add of the same option a
// no-op, however close together the two requests arrive.
import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { NotFoundError } from "../errors";
import type { OptionChoice } from "./schema";

const { playgroundOptions, projectOptions } = schema;

/** The whole catalogue by name, for the picker. */
export async function listOptionChoices(): Promise<OptionChoice[]> {
  return db()
    .select({
      id: playgroundOptions.id,
      optionName: playgroundOptions.optionName,
      optionCategory: playgroundOptions.optionCategory,
    })
    .from(playgroundOptions)
    .orderBy(asc(playgroundOptions.optionName));
}

async function optionName(optionId: string): Promise<string> {
  const [option] = await db()
    .select({ name: playgroundOptions.optionName })
    .from(playgroundOptions)
    .where(eq(playgroundOptions.id, optionId));
  if (!option) throw new NotFoundError("This option no longer exists: reload the page.");
  return option.name;
}

/** Adds the option to the project (already there: nothing changes). */
export async function addProjectOption(projectId: string, optionId: string): Promise<{ name: string }> {
  const name = await optionName(optionId);
  try {
    await db().transaction(async (tx) => {
      await withActor(tx);
      await tx.insert(projectOptions).values({ projectId, optionId }).onConflictDoNothing();
    });
  } catch (error) {
    if (isForeignKeyViolation(error, "project_options_project_id_projects_id_fk")) {
      throw new NotFoundError("This project no longer exists.");
    }
    if (isForeignKeyViolation(error)) throw new NotFoundError("This option no longer exists: reload the page.");
    throw error;
  }
  return { name };
}

/** Removes the option from the project (not there: nothing changes). */
export async function removeProjectOption(projectId: string, optionId: string): Promise<{ name: string }> {
  const name = await optionName(optionId);
  await db().transaction(async (tx) => {
    await withActor(tx);
    await tx
      .delete(projectOptions)
      .where(and(eq(projectOptions.projectId, projectId), eq(projectOptions.optionId, optionId)));
  });
  return { name };
}
