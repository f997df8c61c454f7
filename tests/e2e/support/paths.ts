import path from "node:path";
import { fileURLToPath } from "node:url";

export const AUTH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test-results/.auth");
export const ADMIN_STATE = path.join(AUTH_DIR, "admin.json");
export const STAFF_STATE = path.join(AUTH_DIR, "staff.json");
export const ACCOUNTS_FILE = path.join(AUTH_DIR, "accounts.json");
/** The admin of the owned template (global-setup.ts), with the session cookies every copy honours. */
export const OWNER_FILE = path.join(AUTH_DIR, "owner.json");
