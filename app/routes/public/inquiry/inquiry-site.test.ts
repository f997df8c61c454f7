// Issue 31: an inquiry sent from a frame on another site records that site,
// as its origin only (decision 0066). The frame's script adds the parent's
// address to the inquiry link; the form carries it; the post keeps its origin
// and drops anything that is not an http(s) address, never failing the buyer.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeGallery } from "#tests/helpers/factories";
import { formRequest, request } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { issueFormStamp } from "~/.server/http/form-stamp";
import { publicOrigin } from "~/.server/http/origin";
import { clientIpContext } from "~/.server/http/request-context";
import { inquiryAction, loadInquiryPage } from "./inquiry.server";

withTestDatabase();

let lastIp = 0;

/** Posts the gallery's inquiry form with `site` as the frame reported it; the answer's status and the kept site. */
async function send(slug: string, site: string | undefined) {
  const name = `Robin Reyes ${++lastIp}`;
  const req = formRequest(`/gallery/${slug}/inquiry`, {
    name,
    email: "robin@school.test",
    organisation: "Hillside School",
    message: "We would love a tower like this for 200 pupils.",
    website: "",
    started: issueFormStamp(Date.now() - 10_000),
    ...(site === undefined ? {} : { site }),
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, `192.0.2.${lastIp}`);
  const answer = (await inquiryAction(req, context, { gallerySlug: slug })) as { init: ResponseInit | null };
  const kept = await db().select().from(schema.inquiries).where(eq(schema.inquiries.name, name));
  return { status: answer.init?.status ?? 200, kept: kept.map((row) => row.embeddingSite) };
}

describe("the embedding site of an inquiry", () => {
  test("the form carries the site the frame reported, as its origin only", async () => {
    const gallery = await makeGallery({ isPublished: true });
    const page = async (query: string) => {
      const answer = (await loadInquiryPage(request(`/gallery/${gallery.slug}/inquiry${query}`), {
        gallerySlug: gallery.slug,
      })) as unknown as { data: { site: string | null } };
      return answer.data.site;
    };
    expect(await page("?site=" + encodeURIComponent("https://dealer.example:8443/play/towers?ref=x#top"))).toBe(
      "https://dealer.example:8443",
    );
    expect(await page("?site=" + encodeURIComponent("javascript:alert(1)"))).toBeNull();
    expect(await page("")).toBeNull();
  });

  test("a post keeps the site's origin only; anything else is dropped and the inquiry is still sent", async () => {
    const gallery = await makeGallery({ isPublished: true });
    expect(await send(gallery.slug, "https://user:secret@dealer.example/play/towers?ref=mail#top")).toEqual({
      status: 200,
      kept: ["https://dealer.example"],
    });
    expect(await send(gallery.slug, "http://partner.example:8080")).toEqual({
      status: 200,
      kept: ["http://partner.example:8080"],
    });
    const own = publicOrigin(request(`/gallery/${gallery.slug}/inquiry`));
    const ignored = [
      "javascript:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "dealer.example",
      "not a url",
      "ftp://files.example",
      `https://${"a".repeat(250)}.example`,
      `${own}/projects`,
      "",
      undefined,
    ];
    for (const site of ignored) {
      expect({ site, ...(await send(gallery.slug, site)) }).toEqual({ site, status: 200, kept: [null] });
    }
  });
});
