// The browser half of `POST /api/uploads`. XMLHttpRequest rather than fetch: only XHR reports
// upload progress, and the progress bars must show bytes actually sent. The checks here are a
// courtesy that saves a doomed upload; the server checks size and format again from the bytes.

export type UploadKind = "client-logo" | "option-image" | "company-logo" | "project-image" | "proposal-image";
export type ProjectImageCategory = "3d_renders" | "photos_installation" | "photos_completed";

export interface UploadedFile {
  id: string;
  key: string;
  url: string;
  width: number;
  height: number;
}
export interface UploadedProjectImage extends UploadedFile {
  displayOrder: number;
  category: ProjectImageCategory;
}
/** What the server answers with 201: `upload` for logos and option images, `image` for project images. */
export type UploadResponse = { upload: UploadedFile } | { image: UploadedProjectImage };

const MB = 1024 * 1024;

/** Largest file, in bytes, the server accepts for each kind. */
export const UPLOAD_LIMITS = {
  "client-logo": 5 * MB,
  "company-logo": 5 * MB,
  "option-image": 5 * MB,
  "project-image": 25 * MB,
  "proposal-image": 25 * MB,
} as const satisfies Record<UploadKind, number>;

/** For `<input accept>`: the formats the server decodes (never SVG). */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";
export const ACCEPTED_IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif", ".gif"] as const;

export const UNSUPPORTED_IMAGE_MESSAGE = "This file is not a supported image. Use JPEG, PNG, WebP, AVIF or GIF.";
export const NETWORK_ERROR_MESSAGE = "The upload failed: check your connection and try again.";

export interface FileProblem {
  title: string;
  description: string;
}

export function isUploadKind(value: unknown): value is UploadKind {
  return typeof value === "string" && Object.hasOwn(UPLOAD_LIMITS, value);
}

/** "5MB", "25MB": the spec writes limits this way. */
export function formatLimit(bytes: number): string {
  return `${Math.round(bytes / MB)}MB`;
}

/**
 * Why this file should not be sent, in words for the person who picked it, or null when it may go.
 * Takes only name, size and type so it runs (and is tested) without a DOM.
 */
export function checkFileBeforeUpload(
  file: Pick<File, "name" | "size" | "type">,
  kind: UploadKind,
): FileProblem | null {
  if (!looksLikeAcceptedImage(file)) return { title: "Unsupported file", description: UNSUPPORTED_IMAGE_MESSAGE };
  if (file.size === 0) return { title: "Empty file", description: "This file is empty. Choose another image." };
  const limit = UPLOAD_LIMITS[kind];
  if (file.size > limit) {
    const noun = kind === "client-logo" || kind === "company-logo" ? "Logo" : "Image";
    return { title: "File too large", description: `${noun} must be less than ${formatLimit(limit)}` };
  }
  return null;
}

const ACCEPTED_TYPES = new Set(ACCEPTED_IMAGE_TYPES.split(","));

function looksLikeAcceptedImage({ name, type }: Pick<File, "name" | "type">): boolean {
  // Browsers leave `type` empty when the OS has no mapping (AVIF on older systems): fall back to
  // the extension. A wrong guess costs one refused upload, never a stored file.
  if (type !== "") return ACCEPTED_TYPES.has(type.toLowerCase());
  const lower = name.toLowerCase();
  return ACCEPTED_IMAGE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** A refused or failed upload; `message` is fit to show as is. `status` is 0 when no answer came. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

/** The upload was cancelled; not something to show as an error. */
export class UploadAbortedError extends Error {
  constructor() {
    super("The upload was cancelled.");
    this.name = "UploadAbortedError";
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  401: "Your session has ended. Sign in again, then retry the upload.",
  403: "You do not have permission to upload this file.",
  413: "This file is too large.",
  415: UNSUPPORTED_IMAGE_MESSAGE,
  422: "This image could not be read. It may be damaged; try another file.",
};

/** Turn the server's answer into the response or an `UploadError`. Pure, so it is tested in Node. */
export function readUploadResponse(status: number, body: string): UploadResponse | UploadError {
  const json = parseJson(body);
  if (status >= 200 && status < 300) {
    if (isUploadResponse(json)) return json;
    return new UploadError(status, "The server's answer was not understood. Reload the page and check the upload.");
  }
  const serverMessage =
    isRecord(json) && typeof json.error === "string" && json.error.trim() !== "" ? json.error : null;
  return new UploadError(
    status,
    serverMessage ?? STATUS_MESSAGES[status] ?? `The upload failed (error ${status}). Please try again.`,
  );
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    isRecord(value) &&
    typeof value.url === "string" &&
    typeof value.key === "string" &&
    typeof value.width === "number" &&
    typeof value.height === "number"
  );
}

function isUploadResponse(value: unknown): value is UploadResponse {
  return isRecord(value) && (isUploadedFile(value.upload) || isUploadedFile(value.image));
}

export interface UploadOptions {
  /** Fraction of the file's bytes sent so far, 0 to 1. At 1 the server is still processing. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  url?: string;
}

/**
 * Send one file with its form fields (`kind`, and for project images `projectId` and `category`).
 * Rejects with `UploadError` (message fit to show) or `UploadAbortedError` (cancelled).
 */
export function uploadFile(
  file: File,
  fields: Record<string, string>,
  { onProgress, signal, url = "/api/uploads" }: UploadOptions = {},
): Promise<UploadResponse> {
  // Fields before the file: the server reads the multipart stream once and needs `kind` to pick
  // the size limit before the file's bytes arrive.
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file);
  return sendWithProgress(url, body, readUploadResponse, { onProgress, signal });
}

/**
 * POSTs a multipart body with XMLHttpRequest (only XHR reports upload
 * progress) and reads the answer with `read`. Rejects with `UploadError`
 * (message fit to show) or `UploadAbortedError` (cancelled).
 */
export function sendWithProgress<T>(
  url: string,
  body: FormData,
  read: (status: number, text: string) => T | UploadError,
  { onProgress, signal }: Omit<UploadOptions, "url">,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      settle();
      const result = read(xhr.status, xhr.responseText);
      if (result instanceof UploadError) reject(result);
      else resolve(result);
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError(0, NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadAbortedError());
    };
    signal?.addEventListener("abort", onAbortSignal, { once: true });

    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(body);
  });
}

/** The message to show for whatever an upload rejected with. */
export function uploadErrorMessage(error: unknown): string {
  return error instanceof UploadError ? error.message : NETWORK_ERROR_MESSAGE;
}

/** The stored picture from either response shape. */
export function uploadedImage(response: UploadResponse): UploadedFile {
  return "image" in response ? response.image : response.upload;
}
