// What the backup and restore commands print about an archive.
import type { ArchiveContents } from "./archive";

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Where the database came from, then one line for it and one for the uploads. */
export function contentLines({ manifest, databaseBytes, uploads }: ArchiveContents): string[] {
  const engine = manifest.source === "pglite" ? "the embedded database" : "PostgreSQL";
  return [
    `  made ${manifest.createdAt} from ${engine} ${manifest.serverVersion}, at migration ${manifest.migrations.at(-1) ?? "(none)"}`,
    `  database  ${formatBytes(databaseBytes)} of SQL (pg_dump)`,
    manifest.uploadsIncluded
      ? `  uploads   ${uploads.files} ${uploads.files === 1 ? "file" : "files"} (${formatBytes(uploads.bytes)})`
      : "  uploads   not included (STORAGE_DRIVER=s3: back up the bucket separately)",
  ];
}
