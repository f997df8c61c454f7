// POST /internal/backup: `npm run backup` asks the running server (the embedded database opens in one process only).
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { currentDatabase } from "../db";
import { env } from "../env";
import { bearerMatches, isDirectLoopback } from "../http/loopback";
import { logger } from "../logger";
import { dumpSourceOf } from "./database-sql";
import { BackupError } from "./errors";
import { prepareBackup } from "./make-backup";
import { backupToken } from "./token";

function reply(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(text);
}

/** Streams a backup archive; anyone but a local caller with the token gets a plain 404. */
export function backupRequestHandler(): RequestHandler {
  let running = false;
  return async (req, res) => {
    if (!isDirectLoopback(req) || !bearerMatches(req, backupToken())) return reply(res, 404, "Not found");
    // Each backup stages a full dump of the database; two at once would only double that.
    if (running) return reply(res, 409, "A backup is already being made; try again when it is done.");
    running = true;
    try {
      const { DATA_DIR, STORAGE_DRIVER } = env();
      let prepared;
      try {
        prepared = await prepareBackup({
          database: dumpSourceOf(currentDatabase()),
          uploadsDir: STORAGE_DRIVER === "local" ? path.join(DATA_DIR, "uploads") : null,
          workDir: DATA_DIR,
        });
      } catch (error) {
        logger().error({ err: error }, "backup failed");
        return reply(res, 500, error instanceof BackupError ? error.message : "The backup failed; see the server log.");
      }
      try {
        res.statusCode = 200;
        res.setHeader("Content-Type", "application/gzip");
        res.setHeader("Content-Disposition", 'attachment; filename="playfolio-backup.tar.gz"');
        res.setHeader("Cache-Control", "no-store");
        await pipeline(prepared.stream(), res);
      } catch (error) {
        // Usually the caller went away; it sees a cut-off archive and says so.
        logger().warn({ err: error }, "backup: the archive could not be sent to the end");
      } finally {
        await prepared.dispose();
      }
    } finally {
      running = false;
    }
  };
}
