// Inquiries from project pages and a gallery in every stage, with a note, an owner and a next action,
// so the Inquiries screen and the dashboard's follow-ups have something to show.
import { schema } from "~/.server/db";
import { daysAgo, type Demo, idsBy, records, typed } from "../lib";

export default async function seedInquiries({ db, owner }: Demo): Promise<void> {
  const [projects, galleries] = [await idsBy(db, schema.projects), await idsBy(db, schema.galleries)];
  for (const row of records("inquiries.csv")) {
    const source = row.gallery
      ? { galleryId: galleries.get(row.gallery), sourceTitle: row.gallery }
      : { projectId: projects.get(row.project!), sourceTitle: row.project };
    const [inquiry] = await db
      .insert(schema.inquiries)
      .values({
        ...(typed(schema.inquiries, row) as typeof schema.inquiries.$inferInsert),
        ...source,
        nextActionOn: row.dueInDays ? daysAgo(-row.dueInDays).toISOString().slice(0, 10) : null,
        ownerId: row.status === "new" ? null : owner.id,
        createdAt: daysAgo(row.daysOld!),
      })
      .returning({ id: schema.inquiries.id });
    if (row.note) {
      await db
        .insert(schema.inquiryEvents)
        .values({ inquiryId: inquiry!.id, type: "note", body: row.note, authorId: owner.id, authorName: owner.name });
    }
  }
}
