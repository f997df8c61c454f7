// How better-auth hashes passwords: its own scrypt everywhere, except a cheap one in Vitest (decision 0088).
import crypto from "node:crypto";

export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/** Marks the hashes only tests make, so nothing else can mistake one for a real hash. */
const CHEAP_PREFIX = "test-scrypt:";
const CHEAP_PARAMS = { N: 16, r: 1, p: 1 };

function cheapKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(password.normalize("NFKC"), salt, 64, CHEAP_PARAMS, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const cheapHashing: PasswordHashing = {
  hash: async (password) => {
    const salt = crypto.randomBytes(16).toString("hex");
    return `${CHEAP_PREFIX}${salt}:${(await cheapKey(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }) => {
    // A real hash (one made before the swap) is checked the real way.
    if (!hash.startsWith(CHEAP_PREFIX)) return (await import("better-auth/crypto")).verifyPassword({ hash, password });
    const [salt, key] = hash.slice(CHEAP_PREFIX.length).split(":");
    if (!salt || !key) return false;
    return crypto.timingSafeEqual(await cheapKey(password, salt), Buffer.from(key, "hex"));
  },
};

let installed: PasswordHashing | undefined;

/** better-auth's `emailAndPassword.password`: undefined (its own scrypt) unless Vitest installed the cheap one. */
export function passwordHashing(): PasswordHashing | undefined {
  return installed;
}

/** Vitest's cheap hashing on or off; refused outside Vitest, so nothing can make the app store weak hashes. */
export function setCheapPasswordHashing(on: boolean, environment: NodeJS.ProcessEnv = process.env): void {
  if (on && !(environment.VITEST && environment.NODE_ENV === "test"))
    throw new Error("Cheap password hashing is for Vitest only");
  installed = on ? cheapHashing : undefined;
}
