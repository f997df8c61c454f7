// Presence as an edit page's loader reads it (decision 0057): who has the
// record open, so the "also editing" line is in the page's first HTML and the
// live stream only confirms it. The page leaves the viewer out (usePresence;
// tests/e2e/live-updates.spec.ts › the first HTML). The stream's own presence
// is proved in app/routes/admin/events.test.ts.
import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { announcePresence, presenceOn, type PresenceTab } from "./presence";

const database = withTestDatabase();

const tab = (userId: string, userName: string, n: number): PresenceTab => ({
  streamId: `stream-${userId}-${n}`,
  tabId: `tab-${userId}-${n}`,
  userId,
  userName,
});

const subjectOf = () => `project:${crypto.randomUUID()}`;

const peopleOn = async (subject: string) => (await presenceOn(database.current(), subject)).people;

describe("who has a record open, read with its page", () => {
  test("each person once, since their earliest tab; in the stream's order; only this record's", async () => {
    const subject = subjectOf();
    const elsewhere = subjectOf();
    await announcePresence(database.current(), tab("olga", "Olga Admin", 1), subject);
    await announcePresence(database.current(), tab("anna", "Anna Berg", 1), subject);
    await announcePresence(database.current(), tab("sam", "Sam Staff", 1), subject);
    // Olga's second tab on the record, and Sam's on another record.
    await announcePresence(database.current(), tab("olga", "Olga Admin", 2), subject);
    await announcePresence(database.current(), tab("sam", "Sam Staff", 2), elsewhere);

    const people = await peopleOn(subject);
    expect(people.map((person) => person.userId)).toEqual(["olga", "anna", "sam"]);
    const olga = people[0]!;
    expect(olga).toEqual({ userId: "olga", name: "Olga Admin", since: expect.any(String) });
    expect(Date.parse(olga.since)).toBeLessThanOrEqual(Date.parse(people[1]!.since));
    expect(Date.parse(people[1]!.since)).toBeLessThanOrEqual(Date.parse(people[2]!.since));

    expect(await peopleOn(elsewhere)).toEqual([{ userId: "sam", name: "Sam Staff", since: expect.any(String) }]);
    // Nobody on a record: nobody.
    expect(await peopleOn(subjectOf())).toEqual([]);
  });

  test("a tab whose word expired is left out, as the stream leaves it out", async () => {
    const subject = subjectOf();
    await announcePresence(database.current(), tab("olga", "Olga Admin", 3), subject);
    await announcePresence(database.current(), tab("gone", "Gone Away", 1), subject);
    await database
      .current()
      .db.execute(
        `update live_presence set expires_at = now() - interval '1 second' where stream_id = 'stream-gone-1'`,
      );

    expect((await peopleOn(subject)).map((person) => person.name)).toEqual(["Olga Admin"]);
  });
});
