// The loader and action behind /admin/gallery: the list, and the dialog's and
// the rows' writes (create, update, publish, delete), each with its toast.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import {
  createGallery,
  deleteGallery,
  listGalleries,
  setGalleryPublished,
  updateGallery,
} from "~/domain/galleries/galleries.server";
import { galleryFormSchema } from "~/domain/galleries/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadGalleryList(request: Request) {
  await requireStaff(request);
  return { galleries: await listGalleries() };
}

export async function galleryListAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: galleryFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  switch (value.intent) {
    case "delete":
      try {
        const { name } = await deleteGallery(value.id);
        return done({ title: "Gallery deleted successfully", description: `"${name}" was deleted.` });
      } catch (error) {
        return refused(error, { title: "Error deleting gallery" });
      }
    case "publish":
      try {
        const { name } = await setGalleryPublished(value.id, value.published);
        const description = value.published
          ? `"${name}" is published: its public page is live.`
          : `"${name}" is a draft again: its public page is hidden.`;
        return done({ title: "Gallery updated successfully", description });
      } catch (error) {
        return refused(error, { title: "Error updating gallery" });
      }
    case "create":
      try {
        await createGallery(value, user.id);
      } catch (error) {
        return refused(error, { title: "Error", submission });
      }
      return done(
        {
          title: "Gallery created",
          description: `"${value.name}" was created${value.isPublished ? " and published" : " as a draft"}.`,
        },
        { result: submission.reply({ resetForm: true }) },
      );
    case "update":
      try {
        const { version } = await updateGallery(value.id, value.version, value);
        return done({ title: "Gallery updated" }, { result: submission.reply({ resetForm: true }), version });
      } catch (error) {
        return refused(error, { title: "Error", submission });
      }
  }
}
