// What this process knows of the content version (decision 0020): `stamp` moves whenever the version
// does or could have unseen, so a page rendered before a write is never served after it (decision 0102).
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db";
import { type ChangeFeed, listenForChanges } from "../live/changes";
import { logger } from "../logger";

const READ_SQL = "select version::text as version from content_version where id = 1";
/** While deaf, a failed read of the version is tried again after this long. */
const RETRY_MS = 1000;
/** What each instance's listening connection is called, followed by the version it knows. */
const MARK = "playfolio-cache ";
/** A write's answer waits this long at most for the other instances to hear of it. */
const HEARD_WAIT_MS = 1000;
const HEARD_POLL_MS = 5;

export interface ContentVersion {
  /** Changes with every content version (and whenever the version could have moved unseen). */
  readonly stamp: number;
  /** The newest content version this process has heard of or read. */
  readonly version: number;
  /** Every commit is heard before the committing query returns (the embedded database, one process). */
  readonly exact: boolean;
  /** Set while a check is under way: look up nothing until it settles. */
  readonly settling: Promise<void> | null;
  /** Reads the version again after a possible write; resolves once every instance has heard of it. */
  recheck(): Promise<void>;
  stop(): Promise<void>;
}

export async function readContentVersion(database: Database): Promise<number> {
  // Through the circuit breaker on PostgreSQL: a database that does not answer fails the read at once.
  const result =
    database.kind === "pglite"
      ? await (database.raw as PGlite).query<{ version: string }>(READ_SQL)
      : await database.db.execute<{ version: string }>(sql.raw(READ_SQL));
  return Number(result.rows[0]?.version ?? 0);
}

/** The bookkeeping shared by both databases: a known version, a stamp, pending checks. */
export class VersionTracker implements ContentVersion {
  settling: Promise<void> | null = null;
  version = 0;
  private checks = 0;
  private current = 1;
  private deaf = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly options: {
      onStop?: () => Promise<void>;
      /** The database tells of every commit before the committing query returns: nothing to recheck. */
      exact?: boolean;
      /** Told of each newer version taken in. */
      onAdvance?: (version: number) => void;
      /** Resolves once every instance has heard of `version` (or has been waited for long enough). */
      heard?: (version: number) => Promise<void>;
      /** Whether every commit is being heard (the change feed's listening connection is up). */
      listening?: () => boolean;
    } = {},
  ) {}

  /** While deaf (a commit could go unheard), each read is a new stamp: nothing cached is current. */
  get stamp(): number {
    return this.deaf ? ++this.current : this.current;
  }

  /** A version heard of (NOTIFY payload or a read); older news is ignored. */
  advance(version: number): void {
    if (version > this.version) {
      this.version = version;
      this.current++;
      this.options.onAdvance?.(version);
    }
  }

  /** Something may have been missed (a failed read): nothing cached until now is current. */
  invalidate(): void {
    this.current++;
  }

  /** Commits may go unheard (the listening connection is lost) until `hear`. */
  deafen(): void {
    this.deaf = true;
  }

  /** Every commit is heard again: the version is read (retried until it is), then the stamp holds still. */
  hear(): void {
    clearTimeout(this.retry);
    void this.refresh().then((read) => {
      if (read && (this.options.listening?.() ?? true)) this.deaf = false;
      else (this.retry = setTimeout(() => this.hear(), RETRY_MS)).unref();
    });
  }

  /** Reads the version; lookups wait until it is read. Resolves with whether the read succeeded. */
  refresh(): Promise<boolean> {
    this.checks++;
    const check = this.read().then(
      (version) => {
        this.advance(version);
        return true;
      },
      () => {
        this.invalidate();
        return false;
      },
    );
    const settled = Promise.all([this.settling, check]).then(() => {
      if (--this.checks === 0 && this.settling === settled) this.settling = null;
    });
    this.settling = settled;
    return check;
  }

  get exact(): boolean {
    return this.options.exact ?? false;
  }

  async recheck(): Promise<void> {
    if (this.exact) return;
    if (await this.refresh()) await this.options.heard?.(this.version);
  }

  async stop(): Promise<void> {
    clearTimeout(this.retry);
    await this.options.onStop?.();
  }
}

/** How many listening instances have not said they know `version` yet. */
async function instancesBehind(database: Database, version: number): Promise<number> {
  const { rows } = await database.db.execute<{ behind: number }>(sql`
    select count(*)::int as behind from pg_stat_activity
    where datname = current_database() and application_name ~ ${`^${MARK}[0-9]+$`}
      and substr(application_name, ${MARK.length + 1})::bigint < ${version}`);
  return Number(rows[0]?.behind ?? 0);
}

/** This process's content version, from the change feed's `content` events (a feed of its own if none is given). */
export async function watchContentVersion(
  database: Database,
  options: { feed?: ChangeFeed; heardWaitMs?: number } = {},
): Promise<ContentVersion> {
  const read = () => readContentVersion(database);
  const feed = options.feed ?? (await listenForChanges(database));
  const ownFeed = !options.feed;
  const exact = database.kind === "pglite";
  const unsubscribe = feed.subscribe((change) => {
    if (change.kind === "content") tracker.advance(Number(change.record));
  });
  // No reads on a timer: between a lost LISTEN and its return nothing cached is current.
  const unsubscribeGap = feed.onGap(() => tracker.deafen());
  const unsubscribeResume = feed.onResume(() => tracker.hear());
  const waitMs = options.heardWaitMs ?? HEARD_WAIT_MS;
  const tracker = new VersionTracker(read, {
    exact,
    listening: () => feed.isListening(),
    onAdvance: exact ? undefined : (version) => feed.name(`${MARK}${version}`),
    async heard(version) {
      const started = performance.now();
      for (;;) {
        // The database not answering: nobody else can learn anything from it either.
        const behind = await instancesBehind(database, version).catch(() => 0);
        if (behind === 0) return;
        if (performance.now() - started >= waitMs) {
          logger().warn(
            { version, behind },
            `content version ${version}: not heard by ${behind} instance(s) after ${waitMs} ms`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, HEARD_POLL_MS));
      }
    },
    onStop: async () => {
      unsubscribe();
      unsubscribeGap();
      unsubscribeResume();
      if (ownFeed) await feed.stop();
    },
  });
  if (!feed.isListening()) tracker.deafen();
  try {
    tracker.advance(await read());
  } catch {
    // Not known yet: nothing cached is current until it is read.
    tracker.deafen();
    if (feed.isListening()) tracker.hear();
  }
  return tracker;
}
