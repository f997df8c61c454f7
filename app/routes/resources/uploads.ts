// POST /api/uploads: one image per request, as multipart/form-data with the
// fields first (`kind`; for project images `projectId` and `category`), then
// `file` (several picked at once also send `batch` and `position`: their pick's
// id and their place in it, which keeps that order). An anonymous request is
// answered before the body is read; the body is read no further than the
// largest image's limit (a project image's), each kind's own limit is checked after.
//   201 { upload: { id, key, url, width, height } }   logos and option images (claim `id` on save)
//   201 { image: { id, key, url, width, height, displayOrder, category } }   project images
//   400 | 401 | 403 | 413 | 415 | 422 { error }        a message fit to show as is
import { uploadEndpoint, uploadEndpointLoader } from "~/.server/http/upload-endpoint";
import { ImageRejectedError } from "~/.server/images/errors";
import { createUpload, projectExists, UploadError, uploadProjectImage } from "~/domain/media/media.server";
import { tooLargeMessage, uploadFieldsSchema } from "~/domain/media/schema";
import { UPLOAD_LIMITS, type UploadResponse } from "~/domain/media/upload-client";
import type { Route } from "./+types/uploads";

export function loader({ request }: Route.LoaderArgs) {
  return uploadEndpointLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return uploadEndpoint(
    request,
    {
      noun: "image",
      maxFields: 10,
      maxBytes: UPLOAD_LIMITS["project-image"],
      tooLarge: tooLargeMessage("project-image").description,
      shown: [ImageRejectedError, UploadError],
      logMessage: "upload failed",
    },
    async (user, { fields, file }) => {
      const parsed = uploadFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new UploadError(parsed.error.issues[0]?.message ?? "Invalid upload fields.");
      const input = parsed.data;
      if (input.kind === "project-image") {
        if (!(await projectExists(input.projectId))) throw new UploadError("This project does not exist.");
        const { id, key, url, width, height, displayOrder, category } = await uploadProjectImage({
          projectId: input.projectId,
          category: input.category,
          stream: file,
          selection:
            input.batch !== undefined && input.position !== undefined
              ? { batch: input.batch, position: input.position }
              : undefined,
        });
        const body: UploadResponse = { image: { id, key, url, width, height, displayOrder, category } };
        return Response.json(body, { status: 201 });
      }
      const { id, key, url, width, height } = await createUpload({ kind: input.kind, stream: file, userId: user.id });
      const body: UploadResponse = { upload: { id, key, url, width, height } };
      return Response.json(body, { status: 201 });
    },
  );
}
