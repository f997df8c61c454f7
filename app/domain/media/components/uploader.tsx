// Drop zone and file picker that uploads each image with its own progress bar. The parent shows
// what was uploaded (via onUploaded); this component only shows what is still in flight or failed.
import { ImageUpIcon, UploadIcon } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_TYPES,
  formatLimit,
  UPLOAD_LIMITS,
  type UploadKind,
  type UploadResponse,
} from "../upload-client";
import { UploadRowItem } from "./upload-row";
import { useUploadQueue } from "./use-upload-queue";

export { useUpload } from "./use-upload";

// Extensions too: some systems give AVIF no MIME type, and the picker would then hide it.
const ACCEPT = [ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(",");

export interface UploaderProps {
  kind: UploadKind;
  /** Extra form fields sent with every file, e.g. `{ projectId, category }`. */
  fields?: Record<string, string>;
  onUploaded(response: UploadResponse, file: File): void;
  onError?(message: string, file: File): void;
  multiple?: boolean;
  disabled?: boolean;
  /** Button text; also names the file input. Defaults to "Upload images" / "Upload image". */
  label?: string;
  /** Most files taken from one pick or drop; the rest are left out with a notice. */
  maxFiles?: number;
  className?: string;
}

export function Uploader({
  kind,
  fields,
  onUploaded,
  onError,
  multiple = false,
  disabled = false,
  label = multiple ? "Upload images" : "Upload image",
  maxFiles,
  className,
}: UploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useUploadQueue({ kind, fields, onUploaded, onError });

  function take(files: File[]) {
    if (disabled || files.length === 0) return;
    const limit = multiple ? (maxFiles ?? Infinity) : 1;
    setNotice(
      files.length > limit
        ? `Only ${limit === 1 ? "one file" : `${limit} files`} can be uploaded at a time; the rest were left out.`
        : null,
    );
    queue.add(files.slice(0, limit));
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    // Without preventDefault the browser would open the dropped file in place of the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving over a child fires dragleave on the zone too; only leaving the zone itself counts.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    setDragging(false);
    take(Array.from(event.dataTransfer.files));
  }

  const limitText = formatLimit(UPLOAD_LIMITS[kind]);

  return (
    <div className={cn("grid min-w-0 grid-cols-1 gap-3", className)}>
      <div
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-input px-4 py-6 text-center transition-colors data-[dragging]:border-primary data-[dragging]:bg-accent"
      >
        <ImageUpIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          Drag {multiple ? "images" : "an image"} here, or choose {multiple ? "them" : "one"}.
        </p>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          <UploadIcon aria-hidden="true" />
          {label}
        </Button>
        <p id={hintId} className="text-xs text-muted-foreground">
          JPEG, PNG, WebP, AVIF or GIF, less than {limitText}
          {multiple ? " each" : ""}.
        </p>
        {/* The button opens this; it stays out of the tab order so keyboard users meet one control. */}
        <input
          ref={inputRef}
          type="file"
          hidden
          aria-label={label}
          accept={ACCEPT}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            take(Array.from(event.currentTarget.files ?? []));
            // Cleared so that choosing the same file again (after a failure) fires change again.
            event.currentTarget.value = "";
          }}
        />
      </div>
      {notice ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {notice}
        </p>
      ) : null}
      {queue.rows.length > 0 ? (
        <ul aria-label="Uploads" className="grid grid-cols-1 gap-2">
          {queue.rows.map((row) => (
            <UploadRowItem key={row.id} row={row} onCancel={queue.cancel} onDismiss={queue.dismiss} />
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {queue.announcement}
      </p>
    </div>
  );
}
