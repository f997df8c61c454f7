// The company's name in what the server writes on its own (account mails, every mail's sender): the app
// says how to read it at start (app/entry.server.tsx); until then, or if the read fails, defaults stand.
import { companyName } from "~/lib/company-name";
import { logger } from "./logger";

let reader: (() => Promise<string | null>) | null = null;

export function readCompanyNameWith(read: () => Promise<string | null>): void {
  reader = read;
}

/** The company's name as set, or null (unset, not yet readable, or the read failed). */
export async function configuredCompanyName(): Promise<string | null> {
  if (!reader) return null;
  try {
    return (await reader())?.trim() || null;
  } catch (error) {
    // A mail still goes out, in the default's words.
    logger().warn({ err: error }, "company name not read: mail uses the default");
    return null;
  }
}

/** The company's name, or the public site's default, for a mail's words. */
export async function siteName(): Promise<string> {
  return companyName(await configuredCompanyName());
}
