// The "known device" cookie (decision 0033): past an account's ceiling of failed guesses, strangers' browsers
// wait and the owner's does not. Not named "playfolio…": public pages do not depend on it (render cache).
import crypto from "node:crypto";
import { createCookie } from "react-router";
import { appOrigin } from "../env";
import { authSecret } from "./secret";

export interface KnownDevice {
  /** This browser, to count its own failures. */
  id: string;
  /** The accounts that signed in here, newest last. */
  accounts: string[];
}

const MAX_ACCOUNTS = 10;
const YEAR = 365 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function knownDeviceCookie() {
  cookie ??= createCookie("known-device", {
    secrets: [authSecret()],
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: appOrigin().startsWith("https:"),
    maxAge: YEAR,
  });
  return cookie;
}

export async function readKnownDevice(cookieHeader: string | null | undefined): Promise<KnownDevice | null> {
  if (!cookieHeader?.includes("known-device=")) return null;
  const value: unknown = await knownDeviceCookie().parse(cookieHeader);
  if (typeof value !== "object" || value === null) return null;
  const { id, accounts } = value as Record<string, unknown>;
  if (typeof id !== "string" || !Array.isArray(accounts) || !accounts.every((a) => typeof a === "string")) return null;
  return { id, accounts };
}

/** The Set-Cookie that adds `userId` to this browser's known accounts (a new browser gets an id). */
export async function rememberDevice(device: KnownDevice | null, userId: string): Promise<string> {
  const accounts = [...(device?.accounts ?? []).filter((account) => account !== userId), userId].slice(-MAX_ACCOUNTS);
  return knownDeviceCookie().serialize({ id: device?.id ?? crypto.randomUUID(), accounts });
}
