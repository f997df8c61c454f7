// The loader and action behind /admin/gallery: the list, and the dialog's and
// the rows' writes (create, update, publish, delete), each with its toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { refusedAction, refusedSave } from "~/.server/http/form-errors";
import { toastHeaders } from "~/.server/toast";
import { createGallery, deleteGallery, listGalleries, setGalleryPublished, updateGallery } from "./galleries.server";
import { galleryFormSchema } from "./schema";

export async function loadGalleryList(request: Request) {
  await requireStaff(request);
  return { galleries: await listGalleries() };
}

export async function galleryListAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: galleryFormSchema });
  if (submission.status !== "success") {
    return data({ ok: false, result: submission.reply(), version: undefined }, { status: 400 });
  }
  const value = submission.value;

  if (value.intent === "delete" || value.intent === "publish") {
    const failed = value.intent === "delete" ? "Error deleting gallery" : "Error updating gallery";
    try {
      if (value.intent === "delete") {
        const { name } = await deleteGallery(value.id);
        return data(
          { ok: true },
          {
            headers: await toastHeaders({
              title: "Gallery deleted successfully",
              description: `"${name}" was deleted.`,
            }),
          },
        );
      }
      const { name } = await setGalleryPublished(value.id, value.published);
      const description = value.published
        ? `"${name}" is published: its public page is live.`
        : `"${name}" is a draft again: its public page is hidden.`;
      return data(
        { ok: true },
        { headers: await toastHeaders({ title: "Gallery updated successfully", description }) },
      );
    } catch (error) {
      const refused = await refusedAction(error, failed);
      if (refused) return refused;
      throw error;
    }
  }

  let version: string | undefined;
  try {
    if (value.intent === "create") await createGallery(value, user.id);
    else ({ version } = await updateGallery(value.id, value.version, value));
  } catch (error) {
    const refused = await refusedSave(submission, error, "Error");
    if (refused) return refused;
    throw error;
  }
  const created = value.intent === "create";
  return data(
    { ok: true, result: submission.reply({ resetForm: true }), version },
    {
      headers: await toastHeaders({
        title: created ? "Gallery created" : "Gallery updated",
        description: created
          ? `"${value.name}" was created${value.isPublished ? " and published" : " as a draft"}.`
          : undefined,
      }),
    },
  );
}
