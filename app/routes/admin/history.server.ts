// The History panels' and the activity list's buttons: revert one save,
// restore a deleted record, undo an import. A person takes back changes to the
// records whose pages they may open (admins' for the company's details), and
// only with a key the app gave out: anything else is answered as a key that
// names nothing. The accounts' trail is not undone here.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { restoreEntry, revertEntry, undoImportEntry } from "~/domain/history/history.server";
import { openEntryToken } from "~/domain/history/keys.server";
import { KIND_NOUNS } from "~/domain/history/kinds";
import { historyActionSchema } from "~/domain/history/schema";
import { mayTakeBack } from "~/domain/history/tables.server";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const TITLES = {
  revert: "Could not revert the change",
  restore: "Could not restore",
  "undo-import": "Could not undo the import",
} as const;

export async function historyAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: historyActionSchema });
  if (submission.status !== "success") return invalid(submission);
  const { intent } = submission.value;
  // A key the app never gave out names nothing: each action answers it as its own "not found".
  const key = openEntryToken(submission.value.key) ?? "";
  const may = mayTakeBack(user.role);
  try {
    if (intent === "revert") {
      const { summary } = await revertEntry(key, may);
      return done({ type: "success", title: `Reverted ${summary}` }, { intent });
    }
    if (intent === "restore") {
      const restored = await restoreEntry(key, may);
      return done({ type: "success", title: `Restored the ${KIND_NOUNS[restored.kind]}` }, { intent });
    }
    const { fileName } = await undoImportEntry(key, may);
    return done({ type: "success", title: `Undid the import of "${fileName}"` }, { intent });
  } catch (error) {
    return refused(error, { title: TITLES[intent], intent });
  }
}
