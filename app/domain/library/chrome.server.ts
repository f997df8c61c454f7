// What the public header and footer need — the company's details, the
// industry types and the playground options of the filters — in one query.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { companyDetails } from "~/domain/company/company.server";
import type { CompanyDetails } from "~/domain/company/schema";

export interface PublicChrome {
  company: CompanyDetails;
  industries: string[];
  options: { id: string; name: string }[];
  /** Visitors may download the project book (Settings → Company). */
  projectBookPublic: boolean;
}

export async function loadPublicChrome(): Promise<PublicChrome> {
  const result = await db().execute<{
    company: Record<string, unknown> | null;
    industries: string[];
    options: { id: string; name: string }[];
  }>(sql`
    select
      (select json_build_object(
          'name', s.name, 'address', s.address, 'phone', s.phone, 'videoUrl', s.video_url,
          'facebookUrl', s.facebook_url, 'instagramUrl', s.instagram_url, 'linkedinUrl', s.linkedin_url,
          'logoKey', s.logo_key, 'logoWidth', s.logo_width, 'logoHeight', s.logo_height,
          'projectBookPublic', s.project_book_public)
        from company_settings s where s.id = 1) as company,
      (select coalesce(json_agg(t.name order by t.name), '[]'::json) from industry_types t) as industries,
      (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.option_name) order by lower(o.option_name)), '[]'::json)
        from playground_options o) as options`);
  const row = result.rows[0]!;
  return {
    company: companyDetails(row.company as Parameters<typeof companyDetails>[0]),
    industries: row.industries,
    options: row.options,
    projectBookPublic: row.company?.projectBookPublic === true,
  };
}
