// What the backup and restore commands print about an archive.
import type { Manifest } from "./manifest";

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

/** One line per table, then the uploads. */
export function contentLines(tables: { name: string; rows: number }[], uploads: Manifest["uploads"]): string[] {
  const width = Math.max(...tables.map((table) => table.name.length), "uploads".length);
  const lines = tables.map(
    (table) => `  ${table.name.padEnd(width)}  ${table.rows} ${table.rows === 1 ? "row" : "rows"}`,
  );
  lines.push(
    uploads.included
      ? `  ${"uploads".padEnd(width)}  ${uploads.files} ${uploads.files === 1 ? "file" : "files"} (${formatBytes(uploads.bytes)})`
      : `  ${"uploads".padEnd(width)}  not included (STORAGE_DRIVER=s3: back up the bucket separately)`,
  );
  if (uploads.missing.length > 0) {
    const shown = uploads.missing.slice(0, 5).join(", ");
    const more = uploads.missing.length > 5 ? `, and ${uploads.missing.length - 5} more` : "";
    lines.push(
      `  Not in the archive though the database refers to them (deleted while the backup ran): ${shown}${more}`,
    );
  }
  return lines;
}
