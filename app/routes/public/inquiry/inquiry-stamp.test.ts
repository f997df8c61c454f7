// Issue 25 §3.3: the inquiry form's signed stamp could be posted again and
// again for 24 hours, each post a new inquiry. One stamp, one submission: a
// repeat is answered as sent (a bot must not learn what gave it away) and
// nothing is kept, also when the posts race on two connections.
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeGallery } from "#tests/helpers/factories";
import { formRequest } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { issueFormStamp } from "~/.server/http/form-stamp";
import { clientIpContext } from "~/.server/http/request-context";
import { inquiryAction } from "./inquiry.server";

withTestDatabase();

let lastIp = 0;

async function post(slug: string, stamp: string) {
  const req = formRequest(`/gallery/${slug}/inquiry`, {
    name: "Robin Reyes",
    email: "robin@school.test",
    organisation: "Hillside School",
    message: "We would love a tower like this for 200 pupils.",
    website: "",
    started: stamp,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, `192.0.2.${++lastIp}`);
  const answer = (await inquiryAction(req, context, { gallerySlug: slug })) as { init: ResponseInit | null };
  return answer.init?.status ?? 200;
}

const inquiriesOf = async (galleryId: string) =>
  (await db().select().from(schema.inquiries)).filter((row) => row.galleryId === galleryId);

describe("the inquiry form's stamp", () => {
  test("one stamp, one submission: a repeat is answered as sent and kept nowhere", async () => {
    const gallery = await makeGallery({ isPublished: true });
    // Shown ten seconds ago: a person's pace.
    const stamp = issueFormStamp(Date.now() - 10_000);
    expect(await post(gallery.slug, stamp)).toBe(200);
    expect(await post(gallery.slug, stamp)).toBe(200);
    expect(await post(gallery.slug, stamp)).toBe(200);
    expect(await inquiriesOf(gallery.id)).toHaveLength(1);
    // A new stamp (the form shown again) sends again.
    expect(await post(gallery.slug, issueFormStamp(Date.now() - 10_000))).toBe(200);
    expect(await inquiriesOf(gallery.id)).toHaveLength(2);
  });

  test("posts racing with one stamp keep one inquiry", async () => {
    const gallery = await makeGallery({ isPublished: true });
    const stamp = issueFormStamp(Date.now() - 10_000);
    const statuses = await Promise.all(Array.from({ length: 4 }, () => post(gallery.slug, stamp)));
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await inquiriesOf(gallery.id)).toHaveLength(1);
  });
});
