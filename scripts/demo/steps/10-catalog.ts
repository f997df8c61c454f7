// The company, the industry types, the clients and contacts (through the import) with logos, the options.
import { eq } from "drizzle-orm";
import { schema } from "~/.server/db";
import { clientLogoKey, companyLogoKey, optionImageKey } from "~/domain/media/stored-files.server";
import { logoSvg, scaled, sceneSvg, storeSvg } from "../images";
import { type Demo, importFile, records, typed } from "../lib";

export default async function seedCatalog(demo: Demo): Promise<void> {
  const { db, pictureScale } = demo;
  const logo = await storeSvg(logoSvg(3, scaled(512, pictureScale)), companyLogoKey);
  const [company] = records("company.csv").map((row) => typed(schema.companySettings, row));
  const { key: logoKey, width: logoWidth, height: logoHeight } = logo;
  await db.insert(schema.companySettings).values({ ...company!, id: 1, logoKey, logoWidth, logoHeight });
  await db
    .insert(schema.industryTypes)
    .values(records("industry-types.csv").map((row) => typed(schema.industryTypes, row)));

  await importFile(demo, "clients", "clients.csv");
  const clients = [...new Set(records("clients.csv").map((row) => row["Client Name"]!))];
  for (const [index, name] of clients.entries()) {
    const { key, width, height } = await storeSvg(logoSvg(index, scaled(512, pictureScale)), clientLogoKey);
    await db
      .update(schema.clients)
      .set({ logoKey: key, logoWidth: width, logoHeight: height })
      .where(eq(schema.clients.name, name));
  }

  for (const [index, row] of records("options.csv").entries()) {
    const size = [scaled(800, pictureScale), scaled(600, pictureScale)] as const;
    const image = index % 2 === 0 ? await storeSvg(sceneSvg(index, ...size), optionImageKey) : null;
    await db.insert(schema.playgroundOptions).values({
      ...typed(schema.playgroundOptions, row),
      imageKey: image?.key,
      imageWidth: image?.width,
      imageHeight: image?.height,
    });
  }
}
