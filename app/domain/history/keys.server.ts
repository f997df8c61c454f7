// The keys a History entry's button sends back. A save is named by its
// transaction and its record, which anyone could count their way through
// (transaction ids follow one another), so a save's key carries the app's
// signature: the only keys that name a save are the ones the app listed. An
// import and an account change are named by random ids already.
import crypto from "node:crypto";
import { authSecret } from "~/.server/auth/secret";
import { isUuid } from "~/lib/uuid";
import { isRecordKind, type RecordKind } from "./kinds";

export type EntryKey =
  | { type: "tx"; txId: number; kind: RecordKind; recordId: string }
  | { type: "batch"; batchId: string }
  | { type: "audit"; id: string };

/** "tx:<id>:<kind>:<record>", "batch:<id>" or "audit:<id>", as the history's queries name entries. */
export function parseEntryKey(key: string): EntryKey | null {
  const [type, ...rest] = key.split(":");
  if (type === "tx" && rest.length >= 3) {
    const [tx, kind, ...record] = rest;
    const txId = Number(tx);
    if (!/^\d+$/.test(tx!) || !Number.isSafeInteger(txId) || !isRecordKind(kind!)) return null;
    return { type, txId, kind, recordId: record.join(":") };
  }
  if (type === "batch" && rest.length === 1 && isUuid(rest[0]!)) return { type, batchId: rest[0]! };
  if (type === "audit" && rest.length === 1 && isUuid(rest[0]!)) return { type, id: rest[0]! };
  return null;
}

const signature = (key: string, secret: string) =>
  crypto.createHmac("sha256", secret).update(`history-key:${key}`).digest("base64url");

/** What an entry's button carries: a save's key with its signature after a ".", any other key as it is. */
export function entryToken(key: string, secret = authSecret()): string {
  return key.startsWith("tx:") ? `${key}.${signature(key, secret)}` : key;
}

/**
 * The key a button sent, or null when the app never gave it out (made up,
 * altered, malformed): such a key is answered as one that names nothing.
 */
export function openEntryToken(token: string): string | null {
  if (!token.startsWith("tx:")) return parseEntryKey(token) ? token : null;
  const dot = token.lastIndexOf(".");
  const key = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(key, authSecret()));
  if (dot < 0 || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return parseEntryKey(key) ? key : null;
}
