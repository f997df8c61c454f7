// The action behind a list's Delete: access, the id, the domain call, a toast.
import { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { done, invalid, refused } from "./answers.server";

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });

export async function deleteAction(
  request: Request,
  remove: (id: string) => Promise<{ name: string }>,
  toasts: { done: string; failed: string },
) {
  await requireStaff(request);
  const parsed = deleteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return invalid(null, { message: "Bad request" });
  try {
    const { name } = await remove(parsed.data.id);
    return done({ title: toasts.done, description: `"${name}" was deleted.` });
  } catch (error) {
    return refused(error, { title: toasts.failed });
  }
}
