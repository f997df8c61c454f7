// One file in the Uploader's list: name, progress (or the error), and Cancel or Dismiss.
import { FileImageIcon } from "lucide-react";
import { Button } from "~/ui/button";
import type { UploadRow } from "./use-upload-queue";

export function UploadRowItem({
  row,
  onCancel,
  onDismiss,
}: {
  row: UploadRow;
  onCancel(id: string): void;
  onDismiss(id: string): void;
}) {
  const name = row.file.name;
  const failed = row.status === "failed";
  const processing = row.status === "uploading" && row.progress >= 1;
  return (
    <li className="grid grid-cols-1 gap-2 rounded-md border bg-card px-3 py-2 text-sm" data-status={row.status}>
      <div className="flex items-center gap-2">
        <FileImageIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate font-medium" title={name}>
          {name}
        </span>
        {/* Fixed width so the name does not jump as the percentage grows. */}
        <span className="w-20 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{statusText(row)}</span>
        {failed ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onDismiss(row.id)}>
            Dismiss<span className="sr-only"> error for {name}</span>
          </Button>
        ) : (
          // Once every byte is sent the server is already storing the file; cancelling then would
          // only hide an image that still appears on reload, so the button is disabled.
          <Button type="button" variant="ghost" size="sm" disabled={processing} onClick={() => onCancel(row.id)}>
            Cancel<span className="sr-only"> upload of {name}</span>
          </Button>
        )}
      </div>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {row.error}
        </p>
      ) : (
        <ProgressBar label={`Uploading ${name}`} value={row.progress} valueText={statusText(row)} />
      )}
    </li>
  );
}

function statusText(row: UploadRow): string {
  if (row.status === "failed") return "Failed";
  if (row.status === "queued") return "Waiting…";
  // Every byte is sent but the server is still resizing: say so rather than sit at 100%.
  if (row.progress >= 1) return "Processing…";
  return `${Math.round(row.progress * 100)}%`;
}

function ProgressBar({ label, value, valueText }: { label: string; value: number; valueText: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
