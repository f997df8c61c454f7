// The contract's signed document: the saved PDF (download, replace, remove) or
// a newly picked one, checked for size at once and uploaded when the form is saved.
import { Download, FileText, Trash2, Upload } from "lucide-react";
import { useId, useRef } from "react";
import { UploadProgress } from "~/components/upload-progress";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { Label } from "~/ui/label";
import { ACCEPTED_DOCUMENT_TYPES, formatBytes } from "../document";
import type { DocumentUpload } from "./use-document-upload";

export function DocumentField({
  state,
  saved,
  downloadHref,
  fixed = null,
}: {
  state: DocumentUpload;
  /** The document saved with the contract, if any. */
  saved: { name: string; bytes: number | null } | null;
  downloadHref: string | null;
  /** Why the saved document cannot change now (signed, or out for signature): then it is only shown. */
  fixed?: string | null;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const fresh = state.file ? { name: state.file.name, bytes: state.file.size } : state.uploaded;
  const showsSaved = !fresh && saved !== null && !state.removed;
  const shown = fresh ?? (showsSaved ? saved : null);

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Signed Document</Label>
      <input type="hidden" name="documentUploadId" value={state.uploaded?.id ?? ""} />
      {state.removed && !fresh ? <input type="hidden" name="removeDocument" value="on" /> : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ACCEPTED_DOCUMENT_TYPES}
        className="sr-only"
        disabled={Boolean(fixed)}
        aria-describedby={state.error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={state.error ? true : undefined}
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = "";
          if (picked) state.pick(picked);
        }}
      />
      {shown ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border p-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="document-name">
              {shown.name}
            </p>
            <p className="text-xs text-muted-foreground">
              {shown.bytes ? formatBytes(shown.bytes) : "PDF"}
              {fresh ? (state.uploaded ? " · uploaded, saved with the contract" : " · uploads when you save") : null}
            </p>
          </div>
          {showsSaved && downloadHref ? (
            <Button asChild variant="outline" size="sm">
              <a href={downloadHref} download>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          ) : null}
        </div>
      ) : null}
      {fixed ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {fixed}
        </p>
      ) : (
        <DocumentChoice state={state} shown={shown !== null} saved={saved !== null} input={input} hintId={hintId} />
      )}
      <UploadProgress label="Uploading document" progress={state.progress} />
      <FieldError id={errorId} errors={state.error} />
    </div>
  );
}

/** Pick, replace or remove the document, and what will happen on save. */
function DocumentChoice({
  state,
  shown,
  saved,
  input,
  hintId,
}: {
  state: DocumentUpload;
  shown: boolean;
  saved: boolean;
  input: React.RefObject<HTMLInputElement | null>;
  hintId: string;
}) {
  const fresh = state.file ?? state.uploaded;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={state.uploading}
        >
          <Upload aria-hidden="true" />
          {shown ? "Replace document" : "Choose PDF"}
        </Button>
        {shown ? (
          <Button type="button" variant="ghost" size="sm" onClick={state.remove} disabled={state.uploading}>
            <Trash2 aria-hidden="true" />
            Remove document
          </Button>
        ) : state.removed && saved ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => state.setRemoved(false)}>
            Keep saved document
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {state.removed && !fresh
          ? "The saved document will be deleted when you save."
          : "Optional. PDF only, up to 20MB; only staff can download it."}
      </p>
    </>
  );
}
