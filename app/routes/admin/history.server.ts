// The History panels' and the activity list's buttons: revert one save,
// restore a deleted record, undo an import. Staff act on the records they can
// edit; the accounts' trail is not undone here.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { entryKind, restoreEntry, revertEntry, undoImport } from "~/domain/history/history.server";
import { KIND_NOUNS } from "~/domain/history/kinds";
import { historyActionSchema } from "~/domain/history/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const TITLES = {
  revert: "Could not revert the change",
  restore: "Could not restore",
  "undo-import": "Could not undo the import",
} as const;

export async function historyAction(request: Request) {
  await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: historyActionSchema });
  if (submission.status !== "success") return invalid(submission);
  const { intent, key } = submission.value;
  const kind = entryKind(key);
  if (kind === null || kind === "account") {
    return invalid(submission, { message: "This entry cannot be undone here." });
  }
  try {
    if (intent === "revert") {
      const { summary } = await revertEntry(key);
      return done({ type: "success", title: `Reverted ${summary}` }, { intent });
    }
    if (intent === "restore") {
      const restored = await restoreEntry(key);
      return done({ type: "success", title: `Restored the ${KIND_NOUNS[restored.kind]}` }, { intent });
    }
    if (!key.startsWith("batch:")) return invalid(submission, { message: "This entry is not an import." });
    const { fileName } = await undoImport(key.slice("batch:".length));
    return done({ type: "success", title: `Undid the import of "${fileName}"` }, { intent });
  } catch (error) {
    return refused(error, { title: TITLES[intent], intent });
  }
}
