// What this process knows of the content version (decision 0020): `stamp` moves whenever the version
// does or could have unseen, so a page rendered before a write is never served after it (decision 0102).
import { sql } from "drizzle-orm";
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
  const { rows } = await database.db.execute<{ version: string }>(sql.raw(READ_SQL));
  return Number(rows[0]?.version ?? 0);
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
  const feed = options.feed ?? (await listenForChanges(database));
  // PGlite tells of every commit before the committing query returns: nothing to recheck.
  const exact = database.kind === "pglite";
  const waitMs = options.heardWaitMs ?? HEARD_WAIT_MS;
  let current = 1;
  // Deaf while a commit could go unheard (the feed's LISTEN is lost): no reads on a timer instead.
  let deaf = !feed.isListening();
  let checks = 0;
  let retry: NodeJS.Timeout | undefined;

  const advance = (version: number) => {
    if (version <= state.version) return;
    state.version = version;
    current++;
    if (!exact) feed.name(`${MARK}${version}`);
  };
  // Lookups wait until the read settles; a failed read means something may have been missed.
  const refresh = (): Promise<boolean> => {
    checks++;
    const check = readContentVersion(database).then(
      (version) => (advance(version), true),
      () => (current++, false),
    );
    const settled = Promise.all([state.settling, check]).then(() => {
      if (--checks === 0 && state.settling === settled) state.settling = null;
    });
    state.settling = settled;
    return check;
  };
  // Every commit is heard again: the version is read (retried until it is), then the stamp holds still.
  const hear = () => {
    clearTimeout(retry);
    void refresh().then((read) => {
      if (read && feed.isListening()) deaf = false;
      else (retry = setTimeout(hear, RETRY_MS)).unref();
    });
  };
  // Resolves once every instance has heard of `version`, or has been waited for long enough.
  const heard = async (version: number) => {
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
  };
  const unsubscribe = [
    feed.subscribe((change) => {
      if (change.kind === "content") advance(Number(change.record));
    }),
    feed.onGap(() => (deaf = true)),
    feed.onResume(hear),
  ];
  const state = {
    settling: null as Promise<void> | null,
    version: 0,
    exact,
    // While deaf each read is a new stamp: nothing cached is current.
    get stamp() {
      return deaf ? ++current : current;
    },
    async recheck() {
      if (!exact && (await refresh())) await heard(state.version);
    },
    async stop() {
      clearTimeout(retry);
      for (const off of unsubscribe) off();
      if (!options.feed) await feed.stop();
    },
  };
  try {
    advance(await readContentVersion(database));
  } catch {
    // Not known yet: nothing cached is current until it is read.
    deaf = true;
    if (feed.isListening()) hear();
  }
  return state;
}
