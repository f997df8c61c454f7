// Project Media on a real database: display-order rules (upload, delete,
// reorder, videos), the one featured image, captions, video validation, and
// refusing another project's media. Writers racing: project-media-races.test.ts.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withoutHistory } from "#tests/helpers/history";
import { withTestDatabase } from "#tests/helpers/database";
import { imageOrder, insertImages, newProject, range, storedKeys, upload, videoOrder } from "#tests/helpers/media";
import { db, schema } from "~/.server/db";
import { storedImageKeys } from "~/.server/images/variants";
import { setStorage, storage, type Storage } from "~/.server/storage";
import { InvalidInputError, NotFoundError } from "../errors";
import { deleteImage, reorderImages, setFeaturedImage, updateImageAlt, updateImageCaption } from "./images.server";
import { mergeOrder } from "./ordering.server";
import { loadProjectMedia } from "./project-media.server";
import { imageAlt, addVideoSchema, INVALID_YOUTUBE_URL, MISSING_VIDEO_INFO, projectMediaActionSchema } from "./schema";
import { addVideo, deleteVideo, reorderVideos } from "./videos.server";

withTestDatabase();
const { projectImages } = schema;

describe("mergeOrder", () => {
  test("sent ids first in the sent order, unknown current ones after in their order, gone ones skipped", () => {
    expect(mergeOrder(["c", "a", "b"], ["a", "b", "c"])).toEqual(["c", "a", "b"]);
    expect(mergeOrder(["c", "x", "a"], ["a", "b", "c", "d"])).toEqual(["c", "a", "b", "d"]);
    expect(mergeOrder(["b", "b", "a"], ["a", "b"])).toEqual(["b", "a"]);
    expect(mergeOrder(["x"], [])).toEqual([]);
  });
});

describe("image order", () => {
  test("an upload goes last in its category (highest + 1), after a reorder too", async () => {
    const project = await newProject();
    const a = await upload(project.id, "3d_renders");
    const b = await upload(project.id, "3d_renders");
    const other = await upload(project.id, "photos_completed");
    expect([a.displayOrder, b.displayOrder, other.displayOrder]).toEqual([0, 1, 0]);
    await reorderImages({ projectId: project.id, category: "3d_renders", ids: [b.id, a.id] });
    const c = await upload(project.id, "3d_renders");
    expect(c.displayOrder).toBe(2);
    expect((await imageOrder(project.id, "3d_renders")).ids).toEqual([b.id, a.id, c.id]);
  });

  test("a reorder renumbers the whole category from 0 and leaves the others alone", async () => {
    const project = await newProject();
    const ids = await insertImages(project.id, "photos_installation", 5);
    const others = await insertImages(project.id, "photos_completed", 2);
    // Gaps from older data are closed too.
    await db().execute(sql`update project_images set display_order = display_order * 10 where id in ${ids}`);
    const wanted = [ids[3]!, ids[0]!, ids[4]!, ids[1]!, ids[2]!];
    expect(await reorderImages({ projectId: project.id, category: "photos_installation", ids: wanted })).toEqual(
      wanted,
    );
    expect(await imageOrder(project.id, "photos_installation")).toEqual({ ids: wanted, orders: range(5) });
    expect(await imageOrder(project.id, "photos_completed")).toEqual({ ids: others, orders: [0, 1] });
  });

  test("unknown ids are skipped; images the client did not send keep their order after the sent ones", async () => {
    const project = await newProject();
    const ids = await insertImages(project.id, "3d_renders", 4);
    const gone = crypto.randomUUID();
    const order = await reorderImages({
      projectId: project.id,
      category: "3d_renders",
      ids: [ids[2]!, gone, ids[0]!, ids[2]!],
    });
    expect(order).toEqual([ids[2], ids[0], ids[1], ids[3]]);
    expect(await imageOrder(project.id, "3d_renders")).toEqual({ ids: order, orders: range(4) });
  });

  test("another project's or another category's image is refused, and nothing changes", async () => {
    const project = await newProject();
    const other = await newProject();
    const ids = await insertImages(project.id, "3d_renders", 2);
    const [foreign] = await insertImages(other.id, "3d_renders", 1);
    const [completed] = await insertImages(project.id, "photos_completed", 1);
    for (const stranger of [foreign!, completed!]) {
      await expect(
        reorderImages({ projectId: project.id, category: "3d_renders", ids: [ids[1]!, stranger, ids[0]!] }),
      ).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect((await imageOrder(project.id, "3d_renders")).ids).toEqual(ids);
    await expect(reorderImages({ projectId: crypto.randomUUID(), category: "3d_renders", ids })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("deleteImage", () => {
  test("removes the row, renumbers the rest of its category, then removes the files", async () => {
    await withoutHistory(["project_images"], async () => {
      const project = await newProject();
      const a = await upload(project.id, "photos_completed");
      const b = await upload(project.id, "photos_completed");
      const c = await upload(project.id, "photos_completed");
      const other = await upload(project.id, "3d_renders");
      const real = storage();
      // Each file removal checks, from outside the transaction, whether the row is still there.
      const seen: { key: string; rowVisible: boolean | "blocked" }[] = [];
      const watching: Storage = {
        driver: real.driver,
        put: (...args) => real.put(...args),
        get: (...args) => real.get(...args),
        list: (...args) => real.list(...args),
        publicUrl: (...args) => real.publicUrl(...args),
        async delete(key) {
          const check = db()
            .select({ id: projectImages.id })
            .from(projectImages)
            .where(eq(projectImages.id, b.id))
            .then((rows) => rows.length > 0);
          const timeout = new Promise<"blocked">((resolve) => setTimeout(() => resolve("blocked"), 3000));
          seen.push({ key, rowVisible: await Promise.race([check, timeout]) });
          return real.delete(key);
        },
      };
      setStorage(watching);
      try {
        await deleteImage({ projectId: project.id, imageId: b.id });
      } finally {
        setStorage(real);
      }
      expect(seen.map((s) => s.key).sort()).toEqual(storedImageKeys(b.key, b.width).sort());
      expect(seen.every((s) => s.rowVisible === false)).toBe(true);
      expect(await storedKeys(b.key.replace(/\.jpg$/, ""))).toEqual([]);
      expect(await storedKeys(a.key.replace(/\.jpg$/, ""))).toHaveLength(storedImageKeys(a.key, a.width).length);
      expect(await imageOrder(project.id, "photos_completed")).toEqual({ ids: [a.id, c.id], orders: [0, 1] });
      expect(await imageOrder(project.id, "3d_renders")).toEqual({ ids: [other.id], orders: [0] });
    });
  });

  test("when the transaction fails, the row and the files stay", async () => {
    const project = await newProject();
    const a = await upload(project.id, "3d_renders");
    const b = await upload(project.id, "3d_renders");
    // The renumbering (after the row is deleted) fails for this project only.
    await db().execute(
      sql.raw(`create or replace function test_refuse_renumber() returns trigger language plpgsql as $$
        begin raise exception 'renumbering refused by the test'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger test_refuse_renumber before update of display_order on project_images
        for each row when (old.project_id = '${project.id}') execute function test_refuse_renumber()`),
    );
    try {
      await expect(deleteImage({ projectId: project.id, imageId: a.id })).rejects.toThrow();
    } finally {
      await db().execute(sql.raw(`drop trigger test_refuse_renumber on project_images`));
    }
    expect(await imageOrder(project.id, "3d_renders")).toEqual({ ids: [a.id, b.id], orders: [0, 1] });
    expect(await storedKeys(a.key.replace(/\.jpg$/, ""))).toEqual(storedImageKeys(a.key, a.width).sort());
  });

  test("another project's image, or one already gone, is refused and kept", async () => {
    const project = await newProject();
    const other = await newProject();
    const [foreign] = await insertImages(other.id, "3d_renders", 1);
    await expect(deleteImage({ projectId: project.id, imageId: foreign! })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteImage({ projectId: project.id, imageId: crypto.randomUUID() })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await imageOrder(other.id, "3d_renders")).ids).toEqual([foreign]);
  });
});

describe("captions and the featured image", () => {
  test("a caption is saved trimmed, cleared as null; another project's image is refused", async () => {
    const project = await newProject();
    const other = await newProject();
    const [id] = await insertImages(project.id, "3d_renders", 1);
    const [foreign] = await insertImages(other.id, "3d_renders", 1);
    await updateImageCaption({ projectId: project.id, imageId: id!, caption: "Rope bridge at dusk" });
    let media = await loadProjectMedia(project.id);
    expect(media.images["3d_renders"][0]!.caption).toBe("Rope bridge at dusk");
    await updateImageCaption({ projectId: project.id, imageId: id!, caption: null });
    media = await loadProjectMedia(project.id);
    expect(media.images["3d_renders"][0]!.caption).toBeNull();
    await expect(
      updateImageCaption({ projectId: project.id, imageId: foreign!, caption: "Nope" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const parsed = projectMediaActionSchema.parse({ intent: "update-caption", imageId: id, caption: "  Slide  " });
    expect(parsed).toMatchObject({ caption: "Slide" });
  });

  test("alt text is separate from the caption, which it defaults to", async () => {
    const project = await newProject();
    const other = await newProject();
    const [id] = await insertImages(project.id, "photos_completed", 1);
    const [foreign] = await insertImages(other.id, "photos_completed", 1);
    await updateImageCaption({ projectId: project.id, imageId: id!, caption: "Opening day" });
    let [image] = (await loadProjectMedia(project.id)).images.photos_completed;
    expect(image).toMatchObject({ caption: "Opening day", altText: null });
    expect(imageAlt(image!, "Harbour", "photos_completed", 1)).toBe("Opening day");
    await updateImageAlt({ projectId: project.id, imageId: id!, altText: "Children crossing a rope bridge" });
    [image] = (await loadProjectMedia(project.id)).images.photos_completed;
    expect(image).toMatchObject({ caption: "Opening day", altText: "Children crossing a rope bridge" });
    expect(imageAlt(image!, "Harbour", "photos_completed", 1)).toBe("Children crossing a rope bridge");
    expect(imageAlt({ caption: null, altText: null }, "Harbour", "photos_completed", 2)).toBe(
      "Harbour, completed photo 2",
    );
    await expect(updateImageAlt({ projectId: project.id, imageId: foreign!, altText: "Nope" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const parsed = projectMediaActionSchema.parse({ intent: "update-alt", imageId: id, altText: "   " });
    expect(parsed).toMatchObject({ altText: null });
  });

  test("exactly one featured image per project; turning it off leaves none", async () => {
    const project = await newProject();
    const other = await newProject();
    const [a, b] = await insertImages(project.id, "3d_renders", 2);
    const [c] = await insertImages(project.id, "photos_completed", 1);
    const [foreign] = await insertImages(other.id, "3d_renders", 1);
    await setFeaturedImage({ projectId: other.id, imageId: foreign!, featured: true });

    const featured = async () =>
      (
        await db()
          .select({ id: projectImages.id })
          .from(projectImages)
          .where(and(eq(projectImages.projectId, project.id), eq(projectImages.isFeatured, true)))
      ).map((r) => r.id);

    await setFeaturedImage({ projectId: project.id, imageId: a!, featured: true });
    expect(await featured()).toEqual([a]);
    await setFeaturedImage({ projectId: project.id, imageId: c!, featured: true });
    expect(await featured()).toEqual([c]);
    await setFeaturedImage({ projectId: project.id, imageId: c!, featured: true });
    expect(await featured()).toEqual([c]);
    // Turning off an image that is not the featured one changes nothing.
    await setFeaturedImage({ projectId: project.id, imageId: b!, featured: false });
    expect(await featured()).toEqual([c]);
    await setFeaturedImage({ projectId: project.id, imageId: c!, featured: false });
    expect(await featured()).toEqual([]);

    await expect(setFeaturedImage({ projectId: project.id, imageId: foreign!, featured: true })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const [otherFeatured] = await db()
      .select({ isFeatured: projectImages.isFeatured })
      .from(projectImages)
      .where(eq(projectImages.id, foreign!));
    expect(otherFeatured!.isFeatured).toBe(true);
  });
});

describe("videos", () => {
  const url = (id: string) => `https://www.youtube.com/watch?v=${id}`;

  test("a new video's order is the current count; the id is parsed on the server", async () => {
    const project = await newProject();
    const first = await addVideo({
      projectId: project.id,
      title: "Fly-through",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ?t=3",
      category: "3d_renders",
    });
    expect(first).toMatchObject({ displayOrder: 0, youtubeId: "dQw4w9WgXcQ" });
    const second = await addVideo({
      projectId: project.id,
      title: "Opening day",
      youtubeUrl: url("aaaaaaaaaaa"),
      category: "real_videos",
    });
    expect(second.displayOrder).toBe(1);
    const media = await loadProjectMedia(project.id);
    expect(media.videos).toEqual([
      {
        id: first.id,
        title: "Fly-through",
        youtubeId: "dQw4w9WgXcQ",
        youtubeUrl: "https://youtu.be/dQw4w9WgXcQ?t=3",
        category: "3d_renders",
        displayOrder: 0,
      },
      expect.objectContaining({ id: second.id, category: "real_videos", displayOrder: 1 }),
    ]);
  });

  test("delete renumbers the rest; reorder follows the image rules; another project's video is refused", async () => {
    const project = await newProject();
    const other = await newProject();
    const ids: string[] = [];
    for (const title of ["A", "B", "C", "D"]) {
      ids.push(
        (await addVideo({ projectId: project.id, title, youtubeUrl: url("ddddddddddd"), category: "3d_renders" })).id,
      );
    }
    const foreign = await addVideo({
      projectId: other.id,
      title: "Elsewhere",
      youtubeUrl: url("eeeeeeeeeee"),
      category: "real_videos",
    });
    await deleteVideo({ projectId: project.id, videoId: ids[1]! });
    expect(await videoOrder(project.id)).toEqual({ ids: [ids[0], ids[2], ids[3]], orders: [0, 1, 2] });

    const order = await reorderVideos({ projectId: project.id, ids: [ids[3]!, crypto.randomUUID(), ids[0]!] });
    expect(order).toEqual([ids[3], ids[0], ids[2]]);
    expect(await videoOrder(project.id)).toEqual({ ids: order, orders: [0, 1, 2] });

    await expect(deleteVideo({ projectId: project.id, videoId: foreign.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(reorderVideos({ projectId: project.id, ids: [foreign.id, ids[0]!] })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    expect((await videoOrder(other.id)).ids).toEqual([foreign.id]);
  });

  test("the spec's two messages, from the form schema and from addVideo", async () => {
    const project = await newProject();
    const issues = (value: Record<string, string>) => {
      const result = addVideoSchema.safeParse({ intent: "add-video", ...value });
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
    };
    expect(issues({})).toEqual([["", MISSING_VIDEO_INFO]]);
    expect(issues({ title: "Only a title" })).toEqual([["", MISSING_VIDEO_INFO]]);
    expect(issues({ youtubeUrl: url("hhhhhhhhhhh"), title: "   " })).toEqual([["", MISSING_VIDEO_INFO]]);
    expect(issues({ title: "T", youtubeUrl: "https://vimeo.com/123" })).toEqual([["youtubeUrl", INVALID_YOUTUBE_URL]]);
    expect(issues({ title: "T", youtubeUrl: "https://www.youtube.com/watch?v=short" })).toEqual([
      ["youtubeUrl", INVALID_YOUTUBE_URL],
    ]);
    expect(issues({ title: "T", youtubeUrl: "youtu.be/dQw4w9WgXcQ", category: "real_videos" })).toEqual([]);
    expect(MISSING_VIDEO_INFO).toBe("Missing information: Please provide both title and YouTube URL");
    expect(INVALID_YOUTUBE_URL).toBe("Invalid YouTube URL: Please provide a valid YouTube video URL");

    await expect(
      addVideo({ projectId: project.id, title: "", youtubeUrl: url("iiiiiiiiiii"), category: "3d_renders" }),
    ).rejects.toThrow(MISSING_VIDEO_INFO);
    await expect(
      addVideo({ projectId: project.id, title: "T", youtubeUrl: "javascript:alert(1)", category: "3d_renders" }),
    ).rejects.toThrow(INVALID_YOUTUBE_URL);
    await expect(
      addVideo({ projectId: crypto.randomUUID(), title: "T", youtubeUrl: url("jjjjjjjjjjj"), category: "3d_renders" }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await videoOrder(project.id)).ids).toEqual([]);
  });
});

describe("loadProjectMedia", () => {
  test("images per category in display order, with their sources; an empty project has empty lists", async () => {
    const project = await newProject();
    expect(await loadProjectMedia(project.id)).toEqual({
      images: { "3d_renders": [], photos_installation: [], photos_completed: [] },
      videos: [],
    });
    const ids = await insertImages(project.id, "photos_installation", 3);
    await reorderImages({ projectId: project.id, category: "photos_installation", ids: [ids[2]!, ids[0]!, ids[1]!] });
    const media = await loadProjectMedia(project.id);
    expect(media.images.photos_installation.map((image) => [image.id, image.displayOrder])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect(media.images.photos_installation[0]).toMatchObject({
      caption: null,
      isFeatured: false,
      image: { width: 800, height: 600, src: expect.stringMatching(/_w800\.webp$/) },
    });
  });
});
