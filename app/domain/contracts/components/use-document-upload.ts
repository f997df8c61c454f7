// The state of a contract's document in the form: a newly picked PDF, whether
// the saved one is removed, and its upload (progress, refusal) when the form is saved.
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { UploadAbortedError, uploadErrorMessage } from "~/domain/media/upload-client";
import { checkDocumentBeforeUpload, type UploadedDocument, uploadDocument } from "../document-upload-client";

export function useDocumentUpload() {
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<UploadedDocument | null>(null);
  const [removed, setRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);

  // Leaving the page mid-upload must not leave the request running.
  useEffect(() => () => current.current?.abort(), []);

  /** A file from the picker: checked for size at once, uploaded on save. */
  function pick(picked: File | null) {
    current.current?.abort();
    setUploaded(null);
    const problem = picked ? checkDocumentBeforeUpload(picked) : null;
    setError(problem);
    setFile(problem ? null : picked);
  }

  /** Drops the new file, or else the saved document. */
  function remove() {
    if (file || uploaded) pick(null);
    else setRemoved(true);
  }

  /** Uploads the picked file (once); true when the form can now be posted with its id. */
  async function upload(): Promise<boolean> {
    if (!file) return true;
    const controller = new AbortController();
    current.current = controller;
    setError(null);
    setProgress(0);
    try {
      const document = await uploadDocument(file, { signal: controller.signal, onProgress: setProgress });
      // The hidden field must hold the id before the form is read.
      flushSync(() => {
        setUploaded(document);
        setFile(null);
      });
      return true;
    } catch (caught) {
      if (!(caught instanceof UploadAbortedError)) setError(uploadErrorMessage(caught));
      return false;
    } finally {
      if (current.current === controller) current.current = null;
      setProgress(null);
    }
  }

  return { file, uploaded, removed, setRemoved, progress, uploading: progress !== null, error, pick, remove, upload };
}

export type DocumentUpload = ReturnType<typeof useDocumentUpload>;
