// Staff notifications: new inquiries, contracts viewed, signed or declined in the
// client portal, and proposals viewed (a buyer's first opening of a version),
// accepted, declined or sent back for changes. They are not stored as such: they
// are the inquiries, the contract events and the proposals' views and answers. What a person has not read is what happened after their
// read mark (notification_reads; before their first, since their account was
// made), decision 0069.
import { sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { MAX_UNREAD_COUNTED, type StaffNotification, type StaffNotifications } from "./notifications";

const LISTED = 10;

const HREF: Record<StaffNotification["kind"], (id: string) => string> = {
  inquiry: (id) => `/admin/inquiries/${id}`,
  contract: (id) => `/admin/contracts/${id}/edit`,
  proposal: (id) => `/admin/proposals/${id}`,
};

/** The newest notifications, and how many of them `userId` has not read. */
export async function notificationsFor(userId: string): Promise<StaffNotifications> {
  const { rows } = await db().execute<{
    id: string;
    kind: StaffNotification["kind"];
    record_id: string;
    event: StaffNotification["event"];
    who: string;
    about: string;
    at: string | Date;
    unread: boolean;
    unread_count: number | string;
    read_at: string | Date;
  }>(sql`
    with mark as (
      select coalesce(
        (select read_up_to from notification_reads where user_id = ${userId}),
        (select created_at from "user" where id = ${userId})
      ) as t
    ), items as (
      select i.id::text as id, 'inquiry' as kind, i.id::text as record_id, 'new' as event, i.name as who,
        coalesce(i.source_title, i.organisation) as about, i.created_at as at
      from inquiries i
      union all
      select e.id::text, 'contract', e.contract_id::text, e.type, e.name,
        coalesce(c.title, 'Untitled contract'), e.at
      from contract_events e join contracts c on c.id = e.contract_id
      where e.type in ('viewed', 'signed', 'declined')
      union all
      select * from (
        select distinct on (v.version_id, v.contact_id) v.id::text, 'proposal', v.proposal_id::text, 'viewed',
          v.name, p.title, v.at
        from proposal_views v join proposals p on p.id = v.proposal_id
        order by v.version_id, v.contact_id, v.at, v.id
      ) first_views
      union all
      select a.id::text, 'proposal', a.proposal_id::text, a.outcome, a.name, p.title, a.at
      from proposal_acceptances a join proposals p on p.id = a.proposal_id
      union all
      select c.id::text, 'proposal', c.proposal_id::text, 'changes requested', c.name, p.title, c.at
      from proposal_comments c join proposals p on p.id = c.proposal_id
      where c.requests_changes
    ), unread as (
      select count(*) as n from (
        select 1 from items, mark where items.at > mark.t limit ${MAX_UNREAD_COUNTED + 1}
      ) counted
    )
    select items.*, items.at > mark.t as unread, unread.n as unread_count, clock_timestamp() as read_at
    from mark, unread left join items on true
    order by items.at desc nulls last, items.id
    limit ${LISTED}`);
  const items = rows
    .filter((row) => row.id !== null)
    .map((row): StaffNotification => ({
      id: row.id,
      kind: row.kind,
      event: row.event,
      who: row.who,
      about: row.about,
      at: new Date(row.at).toISOString(),
      unread: Boolean(row.unread),
      href: HREF[row.kind](row.record_id),
    }));
  return {
    items,
    unread: Number(rows[0]?.unread_count ?? 0),
    readAt: new Date(rows[0]?.read_at ?? Date.now()).toISOString(),
  };
}

/** `userId` has read everything up to `upTo` (never later than now; a mark only moves forward). */
export async function markNotificationsRead(userId: string, upTo: Date): Promise<void> {
  const { notificationReads } = schema;
  await db()
    .insert(notificationReads)
    .values({ userId, readUpTo: sql`least(${upTo.toISOString()}::timestamptz, clock_timestamp())` })
    .onConflictDoUpdate({
      target: notificationReads.userId,
      set: { readUpTo: sql`greatest(${notificationReads.readUpTo}, excluded.read_up_to)` },
    });
}
