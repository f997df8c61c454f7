// The company's details (one row): read for the public pages, edited by admins.
import { eq, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { updateIfUnchanged } from "../versioned-update.server";
import { imageSources } from "~/.server/images/sources";
import { readCompanyNameWith } from "~/.server/site-name";
import { claimUpload, discardStoredImage } from "~/domain/media/media.server";
import { isHttpUrl } from "~/lib/form-values";
import { InvalidInputError } from "../errors";
import { companyName } from "~/lib/company-name";
import type { CompanyDetails, CompanyFormValues } from "./schema";

const { companySettings } = schema;

type SettingsRow = typeof companySettings.$inferSelect;

/** Only http(s) links reach a page, whatever is stored. */
const safeUrl = (value: string | null) => (value && isHttpUrl(value) ? value : null);

export function companyDetails(row: Partial<SettingsRow> | null | undefined): CompanyDetails {
  return {
    name: row?.name ?? null,
    address: row?.address ?? null,
    phone: row?.phone ?? null,
    videoUrl: safeUrl(row?.videoUrl ?? null),
    facebookUrl: safeUrl(row?.facebookUrl ?? null),
    instagramUrl: safeUrl(row?.instagramUrl ?? null),
    linkedinUrl: safeUrl(row?.linkedinUrl ?? null),
    logo:
      row?.logoKey && row.logoWidth && row.logoHeight ? imageSources(row.logoKey, row.logoWidth, row.logoHeight) : null,
  };
}

/**
 * The company's name as a subquery, for a page's own statement: its title then
 * costs no round trip of its own. Null when unset (see `companyName`).
 */
export const companyNameSql = sql<string | null>`(select s.name from company_settings s where s.id = 1)`;

/** The company's name as set in Settings → Company (null when unset). */
async function readCompanyName(): Promise<string | null> {
  const [row] = await db()
    .select({ name: companySettings.name })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return row?.name ?? null;
}

/** The company's name, or the default: for titles and the project book. */
export async function getCompanyName(): Promise<string> {
  return companyName(await readCompanyName());
}

/**
 * Mails (written by the infrastructure, which cannot read the company's
 * settings) name the company: the server calls this at start.
 */
export function nameMailsAfterTheCompany(): void {
  readCompanyNameWith(readCompanyName);
}

/** What the public pages show of the company (a share link that has ended shows how to reach it). */
export async function getCompanyDetails(): Promise<CompanyDetails> {
  const [row] = await db().select().from(companySettings).where(eq(companySettings.id, 1));
  return companyDetails(row);
}

export async function getCompanyForEdit() {
  const [row] = await db().select().from(companySettings).where(eq(companySettings.id, 1));
  return {
    details: companyDetails(row),
    projectBookPublic: row?.projectBookPublic ?? false,
    money: { currency: row?.currency ?? "USD", locale: row?.locale ?? "en-US" },
    version: row?.updatedAt.toISOString() ?? null,
  };
}

/** Saves the details; the first save creates the row. A replaced logo's files go after the commit. */
export async function saveCompany(values: CompanyFormValues): Promise<void> {
  const fields = {
    name: values.name,
    address: values.address,
    phone: values.phone,
    videoUrl: values.videoUrl,
    facebookUrl: values.facebookUrl,
    instagramUrl: values.instagramUrl,
    linkedinUrl: values.linkedinUrl,
    projectBookPublic: values.projectBookPublic,
    ...(values.currency ? { currency: values.currency } : {}),
    ...(values.locale ? { locale: values.locale } : {}),
  };
  const discard = await db().transaction(async (tx) => {
    await withActor(tx);
    let logo: Partial<SettingsRow> = {};
    if (values.logoUploadId) {
      const upload = await claimUpload(tx, values.logoUploadId, "company-logo");
      logo = { logoKey: upload.key, logoWidth: upload.width, logoHeight: upload.height };
    } else if (values.removeLogo) {
      logo = { logoKey: null, logoWidth: null, logoHeight: null };
    }
    const [before] = await tx.select().from(companySettings).where(eq(companySettings.id, 1)).for("update");
    if (!before) {
      await tx.insert(companySettings).values({ id: 1, ...fields, ...logo });
      return null;
    }
    if (!values.version) throw new InvalidInputError("This form is out of date: reload the page.");
    await updateIfUnchanged(tx, companySettings, "1", values.version, { ...fields, ...logo }, "company's details");
    return "logoKey" in logo && before.logoKey ? { key: before.logoKey, width: before.logoWidth } : null;
  });
  if (discard) await discardStoredImage(discard.key, discard.width);
}
