// This process's live streams, started by server.ts (or a test); route modules reach them here.
import type { LiveStreams } from "./streams";

export type { LiveStreams, StreamOwner } from "./streams";

// On globalThis, like the database handle: the dev server's module reloads keep the one set.
const holder = globalThis as unknown as { __playfolioLiveStreams?: LiveStreams };

export function setLiveStreams(streams: LiveStreams | undefined): void {
  holder.__playfolioLiveStreams = streams;
}

export function liveStreams(): LiveStreams {
  const streams = holder.__playfolioLiveStreams;
  if (!streams) throw new Error("Live streams are not running");
  return streams;
}

/** `LiveStreams.tellPerson` when the streams run (not in a script or a test without them). */
export function tellPerson(userId: string, event: string, data: unknown): void {
  holder.__playfolioLiveStreams?.tellPerson(userId, event, data);
}

export { latestChangeId } from "./log";
