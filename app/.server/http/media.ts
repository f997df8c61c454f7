// GET/HEAD /media/<key>: stored public files (disk, or S3 by proxy), cached a year (keys are never
// reused); anything else is a 404 (paths leaving the folder, private/ files, folders).
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { logger } from "../logger";
import { storage } from "../storage";
import { isPublicKey } from "../storage/keys";
import type { Storage } from "../storage/storage";

/** The key a request path names, or null. Expects the path below the mount point ("/client-logos/1-a.png"). */
export function keyFromPath(url: string): string | null {
  const rawPath = url.split("?")[0]!;
  if (!rawPath.startsWith("/")) return null;
  let key: string;
  try {
    key = decodeURIComponent(rawPath.slice(1));
  } catch {
    return null;
  }
  // Decoded once only: a key never contains "%", so anything still encoded (double encoding) fails here.
  return isPublicKey(key) ? key : null;
}

function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("Not found");
}

export function mediaHandler(getStorage: () => Storage = storage) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyFromPath(req.url);
    if (!key) return notFound(res);
    let object;
    try {
      object = await getStorage().get(key);
    } catch (error) {
      return next(error);
    }
    if (!object) return notFound(res);

    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    // Public pictures: link previews and other sites may show them (helmet's default is this origin only).
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    // Opened directly, a file must never run as a page (defence in depth: only images are stored).
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    res.setHeader("ETag", object.etag);
    res.setHeader("Last-Modified", object.modifiedAt.toUTCString());
    // Express's conditional GET (If-None-Match against the ETag, else If-Modified-Since).
    if (req.fresh) {
      object.body.destroy();
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", object.contentType);
    res.setHeader("Content-Length", String(object.size));
    if (req.method === "HEAD") {
      object.body.destroy();
      res.status(200).end();
      return;
    }
    try {
      await pipeline(object.body, res);
    } catch (error) {
      // Usually the browser went away mid-download; nothing left to answer.
      logger().debug({ err: error, key }, "media download ended early");
    }
  };
}
