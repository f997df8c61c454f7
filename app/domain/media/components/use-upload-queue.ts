// The Uploader's engine: a queue of files sent a few at a time, one row of state per file.
// Uploads run outside React's render cycle (refs hold the controllers and the waiting list) and
// report into state, so a re-render never starts or loses an upload.
import { useEffect, useRef, useState } from "react";
import { randomUuid } from "~/lib/uuid";
import {
  checkFileBeforeUpload,
  UploadAbortedError,
  uploadErrorMessage,
  uploadFile,
  type UploadKind,
  type UploadResponse,
} from "../upload-client";

export interface UploadRow {
  id: string;
  file: File;
  /** Files picked together: the pick's id and this file's place in it, so the server keeps that order. */
  selection: { batch: string; position: number } | null;
  status: "queued" | "uploading" | "failed";
  /** 0 to 1; at 1 the bytes are sent and the server is still processing. */
  progress: number;
  error: string | null;
}

export interface UploadQueueOptions {
  kind: UploadKind;
  fields?: Record<string, string>;
  onUploaded(response: UploadResponse, file: File): void;
  onError?(message: string, file: File): void;
  /** Several at once keeps the connection busy; more would only split the same bandwidth. */
  concurrency?: number;
}

export function useUploadQueue(options: UploadQueueOptions) {
  const [rows, setRows] = useState<UploadRow[]>([]);
  // Announced to screen readers, since a finished row disappears without a trace.
  const [announcement, setAnnouncement] = useState("");
  const latest = useRef(options);
  const waiting = useRef<UploadRow[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const nextId = useRef(0);

  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const inFlight = running.current;
    const queued = waiting;
    return () => {
      queued.current = [];
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const update = (id: string, patch: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const remove = (id: string) => setRows((current) => current.filter((row) => row.id !== id));

  function pump() {
    const limit = latest.current.concurrency ?? 3;
    while (running.current.size < limit) {
      const row = waiting.current.shift();
      if (!row) return;
      start(row);
    }
  }

  function start(row: UploadRow) {
    const controller = new AbortController();
    running.current.set(row.id, controller);
    update(row.id, { status: "uploading", progress: 0 });
    const { kind, fields } = latest.current;
    const selection: Record<string, string> = row.selection
      ? { batch: row.selection.batch, position: String(row.selection.position) }
      : {};
    uploadFile(
      row.file,
      { kind, ...fields, ...selection },
      { signal: controller.signal, onProgress: (progress) => update(row.id, { progress }) },
    )
      .then(
        (response) => {
          remove(row.id);
          setAnnouncement(`${row.file.name} uploaded.`);
          latest.current.onUploaded(response, row.file);
        },
        (error: unknown) => {
          if (error instanceof UploadAbortedError) {
            remove(row.id);
            setAnnouncement(`Upload of ${row.file.name} cancelled.`);
            return;
          }
          fail(row, uploadErrorMessage(error));
        },
      )
      .finally(() => {
        running.current.delete(row.id);
        pump();
      });
  }

  function fail(row: UploadRow, message: string) {
    update(row.id, { status: "failed", error: message });
    latest.current.onError?.(message, row.file);
  }

  function add(files: readonly File[]) {
    const { kind } = latest.current;
    // Several at once finish in any order: the batch tells the server the order they were picked in.
    const batch = files.length > 1 ? randomUuid() : null;
    const added = files.map((file, position): UploadRow => {
      nextId.current += 1;
      return {
        id: `upload-${nextId.current}`,
        file,
        selection: batch ? { batch, position } : null,
        status: "queued",
        progress: 0,
        error: null,
      };
    });
    setRows((current) => [...current, ...added]);
    for (const row of added) {
      const problem = checkFileBeforeUpload(row.file, kind);
      if (problem) fail(row, problem.description);
      else waiting.current.push(row);
    }
    pump();
  }

  function cancel(id: string) {
    const controller = running.current.get(id);
    if (controller) {
      controller.abort();
      return;
    }
    waiting.current = waiting.current.filter((row) => row.id !== id);
    remove(id);
  }

  return { rows, announcement, add, cancel, dismiss: remove };
}
