// The better-auth instance for the open database, loaded on first use (its import takes over a second).
import { db, type Db } from "../db";
import type { Auth } from "./better-auth";

let cached: { db: Db; auth: Promise<Auth> } | undefined;

export function auth(): Promise<Auth> {
  const current = db();
  if (cached?.db !== current) {
    cached = { db: current, auth: import("./better-auth").then((module) => module.createAuth(current)) };
  }
  return cached.auth;
}

/** An error better-auth raises for a refused request (wrong password, duplicate email…). */
export interface AuthApiError extends Error {
  statusCode: number;
  body?: { message?: string; code?: string };
}

export function isAuthApiError(error: unknown): error is AuthApiError {
  return error instanceof Error && error.name === "APIError" && typeof (error as AuthApiError).statusCode === "number";
}
