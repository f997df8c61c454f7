import { z } from "zod";
import type { ImageSources } from "~/lib/image-sources";
import { optionalHttpUrl, optionalText, version } from "~/lib/form-values";

/** Whether Intl knows the code as a currency (the proposals' money.ts asks the same). */
const knownCurrency = (code: string) => /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);

/** Whether Intl writes numbers for this locale ("en-US", "de-DE"), rather than falling back. */
function knownLocale(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false;
  }
}

export const companyFormSchema = z.object({
  name: optionalText(100),
  address: optionalText(300),
  phone: optionalText(50),
  videoUrl: optionalHttpUrl("Invalid URL"),
  facebookUrl: optionalHttpUrl("Invalid URL"),
  instagramUrl: optionalHttpUrl("Invalid URL"),
  linkedinUrl: optionalHttpUrl("Invalid URL"),
  logoUploadId: z.uuid().optional(),
  removeLogo: z.literal("on").optional(),
  /** Visitors may download the project book from the library (staff always can). */
  projectBookPublic: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  /** Proposals are priced in it (absent: left as it is). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(knownCurrency, "Enter a currency's ISO code, such as USD, EUR or GBP")
    .optional(),
  /** How proposals write numbers and dates (absent: left as it is). */
  locale: z
    .string()
    .trim()
    .refine(knownLocale, "Enter a locale, such as en-US, en-GB or de-DE")
    .transform((tag) => Intl.getCanonicalLocales(tag)[0]!)
    .optional(),
  version: version.optional(),
});

export type CompanyFormValues = z.output<typeof companyFormSchema>;

/** What the public pages show of the company. */
export interface CompanyDetails {
  name: string | null;
  address: string | null;
  phone: string | null;
  videoUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  logo: ImageSources | null;
}
