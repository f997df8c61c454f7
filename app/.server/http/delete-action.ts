// The action behind a list's Delete: access, the id, the domain call, a toast.
import { data } from "react-router";
import { z } from "zod";
import { requireStaff } from "../auth/access";
import { toastHeaders } from "../toast";
import { refusedAction } from "./form-errors";

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });

export async function deleteAction(
  request: Request,
  remove: (id: string) => Promise<{ name: string }>,
  toasts: { done: string; failed: string },
) {
  await requireStaff(request);
  const parsed = deleteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: "Bad request" }, { status: 400 });
  try {
    const { name } = await remove(parsed.data.id);
    return data(
      { ok: true as const },
      { headers: await toastHeaders({ title: toasts.done, description: `"${name}" was deleted.` }) },
    );
  } catch (error) {
    const refused = await refusedAction(error, toasts.failed);
    if (refused) return refused;
    throw error;
  }
}
