// An optional image in a form: pick one (checked at once against the kind's
// type and size rules), see it, remove it before saving. The parent uploads
// the picked file when the form is saved.
import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ResponsiveImage } from "./responsive-image";
import { ACCEPTED_IMAGE_TYPES, checkFileBeforeUpload } from "../upload-client";
import type { ImageSources } from "~/lib/image-sources";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { Label } from "~/ui/label";
import { UploadProgress } from "~/components/upload-progress";
import type { PendingImage } from "./use-pending-image";

export function ImagePicker({
  label,
  noun,
  current,
  image,
  removeFieldName,
  hint,
}: {
  label: string;
  /** "logo", "image": used in button texts and the progress bar's name. */
  noun: string;
  /** The saved image, if any. */
  current: ImageSources | null;
  /** The picked file, the removal and the upload (usePendingImage). */
  image: PendingImage;
  /** Posted as "on" when the saved image is removed. */
  removeFieldName: string;
  hint: string;
}) {
  const { kind, file, setFile: onFileChange, removed, setRemoved: onRemovedChange, upload } = image;
  const error = upload.error;
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // One object URL per picked file, released when the file changes or the form goes.
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const showsSaved = !file && current !== null && !removed;
  const message = problem ?? error ?? null;

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {preview ? (
            <img src={preview} alt={`New ${noun} preview`} className="size-full object-contain" />
          ) : showsSaved ? (
            <ResponsiveImage image={current} alt={`Current ${noun}`} sizes="80px" fit="contain" className="size-full" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            aria-describedby={message ? errorId : undefined}
            onChange={(event) => {
              const picked = event.target.files?.[0] ?? null;
              event.target.value = "";
              if (!picked) return;
              const refusal = checkFileBeforeUpload(picked, kind);
              if (refusal) {
                setProblem(refusal.description);
                toast.error(refusal.title, { description: refusal.description });
                return;
              }
              setProblem(null);
              onFileChange(picked);
            }}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {file || showsSaved ? `Change ${noun}` : `Choose ${noun}`}
          </Button>
          {file || showsSaved ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => (file ? onFileChange(null) : onRemovedChange(true))}
            >
              <Trash2 aria-hidden="true" />
              Remove {noun}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
      <FieldError id={errorId} errors={message} />
      {removed && !file ? <input type="hidden" name={removeFieldName} value="on" /> : null}
      <UploadProgress label={`Uploading ${noun}`} progress={upload.progress} />
    </div>
  );
}
