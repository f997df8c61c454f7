// YouTube videos are stored by their 11-character id, never by the URL an editor pasted, so the
// embed and thumbnail URLs are always built here from a value that cannot carry markup or another
// host. The parser uses the WHATWG URL parser and an allow-list of hosts: a regex over the whole
// string would accept `evil.example/youtube.com/watch?v=…` or `youtube.com.evil.example`.

export type YouTubeIdResult = { ok: true; id: string } | { ok: false; error: string };

export const INVALID_YOUTUBE_URL = "Invalid YouTube URL: Please provide a valid YouTube video URL";

const ID = /^[A-Za-z0-9_-]{11}$/;
// Longer than any real share link; keeps pathological pastes cheap to refuse.
const MAX_INPUT_LENGTH = 2048;

const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const MAIN_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);

// Path prefixes followed directly by the id: `/embed/{id}`, `/v/{id}` (the old Flash player),
// `/e/{id}` (its alias), `/shorts/{id}` and `/live/{id}`.
const ID_PATH_PREFIXES = new Set(["embed", "v", "e", "shorts", "live"]);

// Old channel pages kept the playing video in the fragment: `/user/{name}#p/u/1/{id}`
// (also `#p/a/u/2/{id}`), and a short-lived path form was `/u/{n}/{id}`.
const UPLOADS_FRAGMENT = /^#p\/(?:[a-z]+\/)?u\/\d+\/([^/]+)$/;

const failure: YouTubeIdResult = { ok: false, error: INVALID_YOUTUBE_URL };

/**
 * Extract the video id from a YouTube URL (youtu.be, `/v/`, `/u/`, `/embed/`, `watch?v=`, `/shorts/`,
 * m.youtube.com, youtube-nocookie.com; scheme optional). Never throws.
 */
export function parseYouTubeId(input: string): YouTubeIdResult {
  const url = toUrl(input);
  if (!url) return failure;
  const id = idFromUrl(url, 0);
  return id !== null && ID.test(id) ? { ok: true, id } : failure;
}

function toUrl(input: string): URL | null {
  const text = input.trim();
  if (text === "" || text.length > MAX_INPUT_LENGTH) return null;
  let candidate: string;
  if (/^https?:\/\//i.test(text)) candidate = text;
  else if (text.startsWith("//")) candidate = `https:${text}`;
  // Any other scheme (javascript:, data:, ftp:) is refused; `youtube.com:443/…` has a dot before
  // the colon, so it is a host with a port, not a scheme.
  else if (/^[a-z][a-z0-9+-]*:/i.test(text)) return null;
  else candidate = `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "") return null;
  return url;
}

function idFromUrl(url: URL, depth: number): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const [first, second, third] = segments;

  if (SHORT_HOSTS.has(host)) return segments.length === 1 ? (first ?? null) : null;

  if (NOCOOKIE_HOSTS.has(host)) return segments.length === 2 && first === "embed" ? (second ?? null) : null;

  if (!MAIN_HOSTS.has(host)) return null;

  if (segments.length === 1 && first === "watch") return url.searchParams.get("v");
  if (segments.length === 2 && first !== undefined && ID_PATH_PREFIXES.has(first)) return second ?? null;
  if (segments.length === 3 && first === "u" && second !== undefined && /^\w+$/.test(second)) return third ?? null;

  const fragment = UPLOADS_FRAGMENT.exec(url.hash);
  if (fragment && (first === "user" || first === "c" || first === "channel")) return fragment[1] ?? null;

  // Share links wrapped in `/attribution_link?u=/watch%3Fv%3D{id}%26feature%3Dshare`: follow the
  // inner path once, on the same host, and never further.
  if (segments.length === 1 && first === "attribution_link" && depth === 0) {
    const inner = url.searchParams.get("u");
    if (inner === null || !inner.startsWith("/") || inner.startsWith("//")) return null;
    try {
      return idFromUrl(new URL(inner, "https://www.youtube.com"), depth + 1);
    } catch {
      return null;
    }
  }
  return null;
}

/** The 480×360 thumbnail YouTube serves for every public video. */
export function youtubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`;
}

/** The privacy-enhanced player: no cookies until the visitor presses play inside it. */
export function youtubeEmbedUrl(id: string, options: { autoplay?: boolean } = {}): string {
  const base = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}`;
  return options.autoplay ? `${base}?autoplay=1` : base;
}
