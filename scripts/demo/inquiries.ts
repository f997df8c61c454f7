// Demo inquiries: a few requests from listed project pages and a published
// gallery, in every stage of the pipeline, with a note on the timeline, an
// owner and a next action, so the Inquiries screen and the dashboard's count
// and follow-ups due have something to show.
import { and, asc, eq } from "drizzle-orm";
import { factories } from "#tests/factories";
import { schema, type Db } from "~/.server/db";

type Status = (typeof schema.INQUIRY_STATUSES)[number];

// prettier-ignore
const INQUIRIES: { name: string; organisation: string; status: Status; message: string; notes?: string; phone?: string; fromGallery?: boolean; lostReason?: string; dueInDays?: number }[] = [
  { name: "Priya Natarajan", organisation: "Riverside Primary School", status: "new", dueInDays: 0, phone: "0113 496 0001", message: "We loved this one. Could something similar fit a 30 x 20 m playground for 250 pupils?" },
  { name: "Tom Becker", organisation: "Harbourside Council", status: "new", message: "Our park renewal starts next spring. Please send a rough quote for a design like this.", fromGallery: true },
  { name: "Amelia Osei", organisation: "Little Acorns Nursery", status: "contacted", dueInDays: -1, message: "Looking for a toddler zone with soft surfacing.", notes: "Called on Tuesday; site visit booked for the 12th." },
  { name: "Olu Adeyemi", organisation: "Northgate Parks Trust", status: "quoted", dueInDays: 3, message: "Two play areas for a new housing estate.", notes: "Quote sent for both areas." },
  { name: "Marco Rossi", organisation: "Castle Museum", status: "won", message: "A themed play area next to the café.", notes: "Order signed; project created." },
  { name: "Hannah Lee", organisation: "Greenfield Leisure Centre", status: "lost", lostReason: "Went with a cheaper local supplier", message: "Indoor play frame for the sports hall?" },
];

export async function seedInquiries(db: Db): Promise<void> {
  const projects = await db
    .select({ id: schema.projects.id, title: schema.projects.title })
    .from(schema.projects)
    .where(and(eq(schema.projects.showInGallery, true), eq(schema.projects.status, "completed")))
    .orderBy(asc(schema.projects.title))
    .limit(INQUIRIES.length);
  const [gallery] = await db
    .select({ id: schema.galleries.id, name: schema.galleries.name })
    .from(schema.galleries)
    .where(eq(schema.galleries.isPublished, true))
    .limit(1);
  const make = factories(db);
  const [owner] = await db.select({ id: schema.user.id, name: schema.user.name }).from(schema.user).limit(1);
  const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const [index, demo] of INQUIRIES.entries()) {
    const project = projects[index % Math.max(1, projects.length)];
    const source =
      demo.fromGallery && gallery
        ? { galleryId: gallery.id, sourceTitle: gallery.name }
        : project
          ? { projectId: project.id, sourceTitle: project.title }
          : {};
    const inquiry = await make.inquiry({
      name: demo.name,
      organisation: demo.organisation,
      email: `${demo.name.split(" ")[0]!.toLowerCase()}@${demo.organisation.toLowerCase().replace(/[^a-z]+/g, "")}.example`,
      phone: demo.phone ?? null,
      message: demo.message,
      status: demo.status,
      lostReason: demo.lostReason ?? null,
      nextActionOn: demo.dueInDays === undefined ? null : day(demo.dueInDays),
      ownerId: demo.status === "new" ? null : (owner?.id ?? null),
      ...source,
      // Newest first in the list: the new ones on top, a couple of days apart.
      createdAt: new Date(Date.now() - (index + 1) * 2 * 24 * 3600 * 1000),
    });
    if (demo.notes) {
      await db.insert(schema.inquiryEvents).values({
        inquiryId: inquiry.id,
        type: "note",
        body: demo.notes,
        authorId: owner?.id,
        authorName: owner?.name ?? "System",
      });
    }
  }
}
