// The loader and action of a plain record's editor (new and edit share one
// route module and one action): staff only, the id checked, the record with
// its history and who else has it open, the form parsed with the record's
// schema, the domain's refusals answered the one way (answers.server.ts), and
// back to the list with the spec's toast. A screen whose editor does more
// (signing, portal access) writes its own glue with the same pieces.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import type { RecordKind } from "~/domain/history/kinds";
import { invalid, refused } from "./answers.server";
import { recordPageReads } from "./record-page.server";

interface Toasts {
  created: string;
  updated: string;
}

export interface RecordEditor<Values, Found, Choices extends object> {
  kind: RecordKind;
  schema: z.ZodType<Values>;
  find: (id: string) => Promise<Found | null | undefined>;
  /** What the form offers to choose from (industry types, contacts…), for new and edit alike. */
  choices?: () => Promise<Choices>;
  save: (input: { id?: string; values: Values; userId: string }) => Promise<unknown>;
  /** The list the editor returns to. */
  list: string;
  done: Toasts;
  failed: Toasts;
}

export function recordEditor<Values, Found, Choices extends object = object>(
  editor: RecordEditor<Values, Found, Choices>,
) {
  const choices = async () => (editor.choices ? editor.choices() : ({} as Choices));
  return {
    async load(request: Request, rawId: string | undefined) {
      await requireStaff(request);
      if (rawId === undefined) return { ...(await choices()), record: null, history: [], presence: null };
      const id = uuidParam(rawId, request);
      const [found, offered] = await Promise.all([editor.find(id), choices()]);
      invariantResponse(found, request);
      return { ...offered, record: found, ...(await recordPageReads(editor.kind, id)) };
    },

    async act(request: Request, rawId: string | undefined) {
      const user = await requireStaff(request);
      const id = rawId === undefined ? undefined : uuidParam(rawId, request);
      const submission = parseWithZod(await request.formData(), { schema: editor.schema });
      if (submission.status !== "success") return invalid(submission);
      try {
        await editor.save({ id, values: submission.value as Values, userId: user.id });
      } catch (error) {
        return refused(error, { title: id ? editor.failed.updated : editor.failed.created, submission });
      }
      return redirectWithToast(editor.list, { type: "success", title: id ? editor.done.updated : editor.done.created });
    },
  };
}
