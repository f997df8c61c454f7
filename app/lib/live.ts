// What the browser and the server say to each other about live updates
// (GET /admin/events, POST /admin/presence): shared types and formats.

/**
 * A background job's progress (an import), sent to the streams of the person who started it as
 * each part is done (decision 0090): on the embedded database an import's transaction holds the
 * only session, and the page's poll of its progress waits for the end.
 */
export interface JobProgress {
  /** The job's id (an import's session id). */
  job: string;
  /** 0 to 1. */
  done: number;
}

export const PROGRESS_EVENT = "progress";

/** A record's change as a staff browser hears it: what and who, never the content. */
export interface LiveChange {
  id: number;
  /** The kind of record, as the history names it (project, client, inquiry…; an image's is its project's). */
  kind: string;
  /** Its id; null when many of its kind changed at once. */
  record: string | null;
  op: "created" | "updated" | "deleted";
  actor: { id: string; name: string | null } | null;
  /** ISO time of the commit. */
  at: string;
}

export interface PresentPerson {
  userId: string;
  name: string;
  /** ISO time since when they have had it open. */
  since: string;
}

/** The record a page edits, as presence names it: `project:<id>`. */
export type PresenceSubject = `${string}:${string}`;

export const PRESENCE_SUBJECT = /^[a-z][a-z-]{0,30}:[0-9a-f-]{36}$/;

/** Stream and tab ids are the browser's and server's own random ids. */
export const LIVE_ID = /^[A-Za-z0-9-]{8,64}$/;

export const presenceSubject = (kind: string, id: string): PresenceSubject => `${kind}:${id}`;

/** Who had a record open when its page was read: the page's "also editing" line until its stream speaks. */
export interface RecordPresence {
  subject: PresenceSubject;
  /** Everyone there, as the stream names them (the viewer included: the page leaves them out). */
  people: PresentPerson[];
}

/** How often an open edit page says it is still there; presence ends this long after the last word. */
export const PRESENCE_REPEAT_MS = 8_000;
