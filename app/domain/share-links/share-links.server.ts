// Private share links to a project (any status) or a gallery (published or
// not). The token is shown once, when the link is made; only its sha256 is
// stored, so a database leak gives no working link. Opening a link counts it
// in the same statement that checks it is still valid.
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { InvalidInputError, NotFoundError } from "../errors";
import { SHARE_LINK_MESSAGES, type ShareLinkState, type ShareTarget } from "./schema";

const { shareLinks, galleryProjects, user } = schema;

export const hashShareToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** 32 random bytes, URL-safe: unguessable. */
export const newShareToken = () => crypto.randomBytes(32).toString("base64url");

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The moment a link with this last day stops working: the next local midnight. */
export function expiryOf(expiresOn: string): Date {
  const [year, month, day] = expiresOn.split("-").map(Number);
  return new Date(year!, month! - 1, day! + 1);
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export async function createShareLink(input: {
  target: ShareTarget;
  expiresOn: string | null;
  /** Who the link is for, shown in the list ("for Northtown Parks"). */
  label?: string | null;
  userId: string;
  now?: Date;
}): Promise<{ id: string; token: string }> {
  const expiresAt = input.expiresOn ? expiryOf(input.expiresOn) : null;
  if (expiresAt && expiresAt <= (input.now ?? new Date())) {
    throw new InvalidInputError(SHARE_LINK_MESSAGES.pastExpiry, "expiresOn");
  }
  const token = newShareToken();
  try {
    const [row] = await db().transaction(async (tx) => {
      await withActor(tx);
      return tx
        .insert(shareLinks)
        .values({
          ...input.target,
          tokenHash: hashShareToken(token),
          label: input.label ?? null,
          expiresAt,
          createdBy: input.userId,
        })
        .returning({ id: shareLinks.id });
    });
    return { id: row!.id, token };
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError("This project or gallery no longer exists.");
    throw error;
  }
}

export interface ShareLinkRow {
  id: string;
  label: string | null;
  createdAt: string;
  createdBy: string | null;
  /** The last day the link works (YYYY-MM-DD, server time), or null: until revoked. */
  lastDay: string | null;
  openCount: number;
  lastOpenedAt: string | null;
  state: ShareLinkState;
}

function stateOf(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ShareLinkState {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "active";
}

/** The links of one project or gallery, newest first, with who made them and how often they were opened. */
export async function listShareLinks(target: ShareTarget, now = new Date()): Promise<ShareLinkRow[]> {
  const rows = await db()
    .select({
      id: shareLinks.id,
      label: shareLinks.label,
      createdAt: shareLinks.createdAt,
      createdBy: user.name,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
      openCount: shareLinks.openCount,
      lastOpenedAt: shareLinks.lastOpenedAt,
    })
    .from(shareLinks)
    .leftJoin(user, eq(user.id, shareLinks.createdBy))
    .where(
      "projectId" in target ? eq(shareLinks.projectId, target.projectId) : eq(shareLinks.galleryId, target.galleryId),
    )
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    lastDay: row.expiresAt ? localDate(new Date(row.expiresAt.getTime() - 1)) : null,
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  }));
}

/** Revokes a link at once; revoking one already revoked changes nothing. */
export async function revokeShareLink(id: string): Promise<void> {
  const [row] = await db().transaction(async (tx) => {
    await withActor(tx);
    return tx
      .update(shareLinks)
      .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
      .where(eq(shareLinks.id, id))
      .returning({ id: shareLinks.id });
  });
  if (!row) throw new NotFoundError("This link no longer exists.");
}

export type OpenedShareLink =
  { status: "open"; target: ShareTarget } | { status: "revoked" } | { status: "expired" } | { status: "unknown" };

/** Opens a link: counted and answered with its target while valid; otherwise revoked, expired (or unknown). */
export async function openShareLink(token: string): Promise<OpenedShareLink> {
  if (!TOKEN_PATTERN.test(token)) return { status: "unknown" };
  const tokenHash = hashShareToken(token);
  const [opened] = await db().transaction(async (tx) => {
    await withActor(tx);
    return tx
      .update(shareLinks)
      .set({ openCount: sql`${shareLinks.openCount} + 1`, lastOpenedAt: sql`now()` })
      .where(
        and(
          eq(shareLinks.tokenHash, tokenHash),
          isNull(shareLinks.revokedAt),
          or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, sql`now()`)),
        ),
      )
      .returning({ projectId: shareLinks.projectId, galleryId: shareLinks.galleryId });
  });
  if (opened) {
    return {
      status: "open",
      target: opened.projectId ? { projectId: opened.projectId } : { galleryId: opened.galleryId! },
    };
  }
  const [known] = await db()
    .select({ revokedAt: shareLinks.revokedAt })
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, tokenHash));
  if (!known) return { status: "unknown" };
  return { status: known.revokedAt ? "revoked" : "expired" };
}

/** Whether a shared gallery holds this project: a gallery's link opens its own projects only. */
export async function sharedGalleryHolds(galleryId: string, projectId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: galleryProjects.id })
    .from(galleryProjects)
    .where(and(eq(galleryProjects.galleryId, galleryId), eq(galleryProjects.projectId, projectId)));
  return Boolean(row);
}
