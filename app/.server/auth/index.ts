// The better-auth instance for the open database.
import { db, type Db } from "../db";
import { type Auth, createAuth } from "./better-auth";

let cached: { db: Db; auth: Auth } | undefined;

export function auth(): Auth {
  const current = db();
  if (cached?.db !== current) cached = { db: current, auth: createAuth(current) };
  return cached.auth;
}
