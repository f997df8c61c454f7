// Demo company details for the public pages' header and footer.
import type { Db } from "~/.server/db";
import { companyLogoKey } from "~/domain/media/stored-files.server";
import { logoSvg, scaled, storeSvg } from "./images";
import { factories } from "#tests/factories";

export async function seedCompany(db: Db, pictureScale = 1): Promise<void> {
  const logo = await storeSvg(logoSvg(3, scaled(512, pictureScale)), companyLogoKey);
  await factories(db).company({
    name: "Brightside Play Co.",
    address: "Unit 4, Meadow Works\nHarrogate HG1 2AB, United Kingdom",
    phone: "+44 1423 555 010",
    videoUrl: "https://www.youtube.com/@brightside-play",
    facebookUrl: "https://www.facebook.com/brightsideplay",
    instagramUrl: "https://www.instagram.com/brightsideplay",
    linkedinUrl: "https://www.linkedin.com/company/brightside-play",
    logoKey: logo.key,
    logoWidth: logo.width,
    logoHeight: logo.height,
  });
}
