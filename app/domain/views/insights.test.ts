// The insights' figures from a real database: the days of the period with
// their views, visitors and inquiries; the most viewed projects and galleries
// with their inquiries; the embedding sites; where inquiries come from; and
// that views counted by the counter today (not yet reduced) are in them.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeInquiry, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { createViewCounter } from "./counter.server";
import { ADDRESS_DAY_LIMITS, conversion } from "./insights";
import { getInsights, getViewsHeadline } from "./insights.server";
import { viewTag } from "./subject";

const database = withTestDatabase();

const NOW = Date.parse("2026-11-20T15:00:00Z");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let tower: { id: string };
let slide: { id: string };
let parks: { id: string; slug: string };

beforeAll(async () => {
  const client = await makeClient();
  tower = await makeProject({ clientId: client.id, title: "Timber Tower" });
  slide = await makeProject({ clientId: client.id, title: "Long Slide" });
  parks = await makeGallery({ name: "City Parks" });
  await db()
    .insert(schema.pageViews)
    .values([
      { day: "2026-11-18", kind: "project", ref: tower.id, source: "", views: 40 },
      { day: "2026-11-18", kind: "project", ref: tower.id, source: "https://dealer.example", views: 10 },
      { day: "2026-11-19", kind: "project", ref: slide.id, source: "", views: 20 },
      { day: "2026-11-19", kind: "gallery", ref: parks.id, source: "https://council.example", views: 5 },
      { day: "2026-11-19", kind: "page", ref: "home", source: "", views: 25 },
      // Before the 7 days.
      { day: "2026-11-01", kind: "project", ref: slide.id, source: "", views: 1000 },
    ]);
  await db()
    .insert(schema.pageVisitorDays)
    .values([
      { day: "2026-11-18", kind: "site", ref: "", visitors: 30 },
      { day: "2026-11-18", kind: "project", ref: tower.id, visitors: 25 },
      { day: "2026-11-19", kind: "site", ref: "", visitors: 12 },
      // The addresses the embedding sites' framed views came from (decision 0063).
      { day: "2026-11-18", kind: "source", ref: "https://dealer.example", visitors: 3 },
      { day: "2026-11-19", kind: "source", ref: "https://council.example", visitors: 2 },
    ]);
  const at = (iso: string) => new Date(iso);
  // Two were sent from embedding sites' frames: one from a site with views, one from a site without.
  const dealer = "https://dealer.example";
  await makeInquiry({ projectId: tower.id, sourceTitle: "Timber Tower", createdAt: at("2026-11-18T09:00:00Z") });
  await makeInquiry({
    projectId: tower.id,
    sourceTitle: "Timber Tower",
    createdAt: at("2026-11-19T09:00:00Z"),
    embeddingSite: dealer,
  });
  await makeInquiry({
    galleryId: parks.id,
    sourceTitle: "City Parks",
    createdAt: at("2026-11-19T10:00:00Z"),
    embeddingSite: "https://partner.example",
  });
  await makeInquiry({ createdAt: at("2026-11-19T11:00:00Z") });
  await makeInquiry({ projectId: slide.id, createdAt: at("2026-10-01T11:00:00Z"), embeddingSite: dealer });
});

describe("the insights", () => {
  test("every day of the period, with its views, visitors and inquiries", async () => {
    const insights = await getInsights(7, NOW);
    expect([insights.from, insights.to]).toEqual(["2026-11-14", "2026-11-20"]);
    expect(insights.days).toHaveLength(7);
    expect(insights.days.find((d) => d.day === "2026-11-18")).toEqual({
      day: "2026-11-18",
      views: 50,
      visitors: 30,
      inquiries: 1,
    });
    expect(insights.days.find((d) => d.day === "2026-11-16")).toEqual({
      day: "2026-11-16",
      views: 0,
      visitors: 0,
      inquiries: 0,
    });
    expect(insights.totals).toEqual({ views: 100, visitors: 42, inquiries: 4 });
  });

  test("the most viewed projects and galleries with their inquiries; the embedding sites; inquiries by source", async () => {
    const insights = await getInsights(7, NOW);
    expect(insights.projects).toEqual([
      { id: tower.id, title: "Timber Tower", views: 50, visitors: 25, inquiries: 2 },
      { id: slide.id, title: "Long Slide", views: 20, visitors: 0, inquiries: 0 },
    ]);
    expect(insights.galleries).toEqual([
      { id: parks.id, title: "City Parks", slug: parks.slug, views: 5, visitors: 0, inquiries: 1 },
    ]);
    // Per embedding site: the views its frames brought and the inquiries sent from them (most inquiries first);
    // partner.example's inquiry named a site no framed view came from, so it is not listed.
    expect(insights.sites).toEqual([
      { origin: "https://dealer.example", views: 10, inquiries: 1 },
      { origin: "https://council.example", views: 5, inquiries: 0 },
    ]);
    expect(insights.sources).toEqual([
      { source: "Project pages", inquiries: 2 },
      { source: "Galleries", inquiries: 1 },
      { source: "No page", inquiries: 1 },
    ]);
    expect(conversion(2, 50)).toBe(4);
    expect(conversion(1, 0)).toBeNull();
    // The 90 days reach the older views and inquiry.
    const longer = await getInsights(90, NOW);
    expect(longer.projects[0]).toMatchObject({ title: "Long Slide", views: 1020, inquiries: 1 });
    expect(longer.sites[0]).toEqual({ origin: "https://dealer.example", views: 10, inquiries: 2 });
  });

  test("today's views and visitors, as the counter wrote them, are in the figures and the dashboard's headline", async () => {
    const before = await getViewsHeadline(NOW);
    const counter = createViewCounter({
      database: () => database.current(),
      secret: "a test secret that is long enough",
      ipOf: () => "203.0.113.9",
      flushMs: 3_600_000,
      now: () => NOW,
    });
    counter.record({ method: "GET", headers: { "user-agent": CHROME } }, viewTag({ kind: "project", ref: slide.id }));
    counter.record({ method: "GET", headers: { "user-agent": CHROME } }, viewTag({ kind: "project", ref: slide.id }));
    await counter.stop();
    const today = (await getInsights(7, NOW)).days.at(-1);
    expect(today).toEqual({ day: "2026-11-20", views: 2, visitors: 1, inquiries: 0 });
    expect(await getViewsHeadline(NOW)).toEqual({
      views: before.views + 2,
      visitors: before.visitors + 1,
      inquiries: before.inquiries,
    });
  });
});

describe("the embedding sites", () => {
  test("a site is listed only once its frames were viewed from more than one address", async () => {
    const counter = createViewCounter({
      database: () => database.current(),
      secret: "a test secret that is long enough",
      ipOf: (req) => String(req.headers["x-test-ip"]),
      flushMs: 3_600_000,
      now: () => NOW,
    });
    const framed = viewTag({ kind: "project", ref: slide.id, framed: true });
    const view = (ip: string, agent: string, site: string) =>
      counter.record(
        {
          method: "GET",
          headers: { "user-agent": agent, "x-test-ip": ip, referer: `${site}/page`, host: "play.test" },
        },
        framed,
      );
    // One address, posing as many browsers, invents a site.
    for (let i = 0; i < 50; i++) view("203.0.113.66", `${CHROME} r${i}`, "https://invented.example");
    view("2001:db8:0:9::1", CHROME, "https://neighbours.example");
    view("2001:db8:0:9::2", CHROME, "https://neighbours.example");
    await counter.flush();
    const listed = async () => (await getInsights(7, NOW)).sites.map((site) => site.origin);
    expect(await listed()).not.toContain("https://invented.example");
    // Two addresses of one /64 are one address.
    expect(await listed()).not.toContain("https://neighbours.example");
    // A second person at another address: now it is a site that embeds the pages.
    view("198.51.100.66", CHROME, "https://invented.example");
    await counter.stop();
    const site = (await getInsights(7, NOW)).sites.find((each) => each.origin === "https://invented.example");
    expect(site).toEqual({
      origin: "https://invented.example",
      views: ADDRESS_DAY_LIMITS.viewsPerPage + 1,
      inquiries: 0,
    });
  });
});
