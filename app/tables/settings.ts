// Company details shown on the public pages (library header and footer): one row.
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { declareRecords } from "./declare";

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
    // Visitors may download the project book from the library (staff always can).
    projectBookPublic: boolean("project_book_public").notNull().default(false),
    // Proposals are priced in this currency (ISO 4217) and written in this locale's way.
    currency: text("currency").notNull().default("USD"),
    locale: text("locale").notNull().default("en-US"),
    ...timestamps(),
  },
  (t) => [
    check("company_settings_singleton", sql`${t.id} = 1`),
    check("company_settings_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("company_settings_locale_check", sql`char_length(${t.locale}) between 2 and 35`),
  ],
);

export const companySettingsDeclaration = declareRecords(companySettings, {
  kind: "settings",
  noun: "company settings",
  nouns: "company settings",
  plural: "Company settings",
  page: "routes/admin/settings/company",
  path: "/admin/settings/company",
  public: true,
});
