// Two published galleries of finished playgrounds and a draft of work in progress.
import { schema } from "~/.server/db";
import { daysAgo, type Demo, idsBy, records, typed } from "../lib";

export default async function seedGalleries({ db, owner }: Demo): Promise<void> {
  const projects = await idsBy(db, schema.projects);
  for (const row of records("galleries.csv")) {
    const [gallery] = await db
      .insert(schema.galleries)
      .values({ ...typed(schema.galleries, row), createdBy: owner.id, createdAt: daysAgo(row.daysOld!) })
      .returning({ id: schema.galleries.id });
    await db.insert(schema.galleryProjects).values(
      row.projects!.split("|").map((title, displayOrder) => ({
        galleryId: gallery!.id,
        projectId: projects.get(title)!,
        displayOrder,
      })),
    );
  }
}
