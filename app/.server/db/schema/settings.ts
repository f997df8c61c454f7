// Company details shown on the public pages (library header and footer): one row.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

export const companySettings = pgTable(
  "company_settings",
  {
    // There is only ever one row: id 1.
    id: integer("id").primaryKey().default(1),
    name: text("name"),
    address: text("address"),
    phone: text("phone"),
    videoUrl: text("video_url"),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    linkedinUrl: text("linkedin_url"),
    logoKey: text("logo_key"),
    logoWidth: integer("logo_width"),
    logoHeight: integer("logo_height"),
    ...timestamps(),
  },
  (t) => [check("company_settings_singleton", sql`${t.id} = 1`)],
);
