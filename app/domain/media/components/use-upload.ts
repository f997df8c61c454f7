// For forms that upload one file when they are submitted (pick a logo, preview it locally, and
// only on save upload it and then save the record with the returned key).
import { useCallback, useEffect, useRef, useState } from "react";
import {
  checkFileBeforeUpload,
  isUploadKind,
  UploadAbortedError,
  UploadError,
  uploadErrorMessage,
  uploadFile,
  type UploadResponse,
} from "../upload-client";

export interface UseUpload {
  /** Rejects like `uploadFile`; the message is also kept in `error` unless the upload was cancelled. */
  upload(file: File, fields: Record<string, string>): Promise<UploadResponse>;
  /** 0 to 1 while uploading, null otherwise. */
  progress: number | null;
  uploading: boolean;
  error: string | null;
  cancel(): void;
}

export function useUpload(): UseUpload {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);

  // Leaving the page mid-upload must not leave the request running.
  useEffect(() => () => current.current?.abort(), []);

  const upload = useCallback(async (file: File, fields: Record<string, string>) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setError(null);
    setProgress(0);
    try {
      const problem = isUploadKind(fields.kind) ? checkFileBeforeUpload(file, fields.kind) : null;
      if (problem) throw new UploadError(0, problem.description);
      return await uploadFile(file, fields, { signal: controller.signal, onProgress: setProgress });
    } catch (caught) {
      if (!(caught instanceof UploadAbortedError) && current.current === controller) {
        setError(uploadErrorMessage(caught));
      }
      throw caught;
    } finally {
      // A newer upload may have replaced this one; its state is not ours to reset.
      if (current.current === controller) {
        current.current = null;
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => current.current?.abort(), []);

  return { upload, progress, uploading: progress !== null, error, cancel };
}
