// Proposal templates: a proposal's introduction, sections, usual lines and
// terms saved under a name, to start another proposal from. Pictures and the
// design stay with the proposal they were chosen for.
import { asc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { DuplicateError, NotFoundError } from "../errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { readContent, type VersionContent } from "./content";

const { proposalTemplates, proposalVersions } = schema;

/** What a template keeps of a proposal's content. */
export function templateContent(content: VersionContent): VersionContent {
  return {
    ...content,
    title: null,
    validUntil: null,
    design: [],
    lines: content.lines.map((line) => ({ ...line, picture: null })),
  };
}

export async function listTemplates() {
  const rows = await db()
    .select({
      id: proposalTemplates.id,
      name: proposalTemplates.name,
      content: proposalTemplates.content,
      updatedAt: proposalTemplates.updatedAt,
    })
    .from(proposalTemplates)
    .orderBy(asc(proposalTemplates.name));
  return rows.map(({ content, ...row }) => {
    const read = readContent(content);
    return { ...row, sections: read.sections.length, lines: read.lines.length };
  });
}

export async function getTemplate(id: string) {
  const [row] = await db().select().from(proposalTemplates).where(eq(proposalTemplates.id, id));
  if (!row) return null;
  const { content, ...rest } = withVersion(row);
  return { ...rest, content: readContent(content) };
}

const duplicate = () => new DuplicateError("A template with this name already exists", "name");

/** Saves a version's content as a new template. */
export async function saveAsTemplate(input: {
  versionId: string;
  name: string;
  userId: string | null;
}): Promise<{ id: string }> {
  const [version] = await db()
    .select({ content: proposalVersions.content })
    .from(proposalVersions)
    .where(eq(proposalVersions.id, input.versionId));
  if (!version) throw new NotFoundError("This version no longer exists.");
  try {
    const [created] = await db().transaction(async (tx) => {
      await withActor(tx);
      return tx
        .insert(proposalTemplates)
        .values({
          name: input.name,
          content: templateContent(readContent(version.content)) as never,
          createdBy: input.userId,
        })
        .returning({ id: proposalTemplates.id });
    });
    return created!;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Renames a template and rewrites its introduction and terms. */
export async function saveTemplate(input: {
  id: string;
  version: string;
  name: string;
  introduction: string | null;
  terms: string | null;
}): Promise<void> {
  try {
    await db().transaction(async (tx) => {
      await withActor(tx);
      const [row] = await tx
        .select({ content: proposalTemplates.content })
        .from(proposalTemplates)
        .where(eq(proposalTemplates.id, input.id))
        .for("update");
      if (!row) throw new NotFoundError("This template no longer exists.");
      const content = { ...readContent(row.content), introduction: input.introduction, terms: input.terms };
      await updateIfUnchanged(
        tx,
        proposalTemplates,
        input.id,
        input.version,
        { name: input.name, content },
        "template",
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** Deletes a template (the proposals started from it keep their content); returns its name. */
export async function deleteTemplate(id: string): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [deleted] = await tx
      .delete(proposalTemplates)
      .where(eq(proposalTemplates.id, id))
      .returning({ name: proposalTemplates.name });
    if (!deleted) throw new NotFoundError("This template no longer exists.");
    return deleted;
  });
}
