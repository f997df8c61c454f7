// A stored file's Content-Type follows from its key's extension, chosen from the sniffed format (never the browser's).
const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
};

export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf(".");
  const ext = dot > key.lastIndexOf("/") ? key.slice(dot + 1).toLowerCase() : "";
  return Object.hasOwn(TYPES, ext) ? TYPES[ext]! : "application/octet-stream";
}

/** Both drivers refuse a type that disagrees with the key, so they always answer the same type. */
export function assertTypeMatchesKey(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (contentType !== expected) {
    throw new Error(`Content type ${contentType} does not match the key ${key} (expected ${expected})`);
  }
}
