// Staff notifications (new inquiries; contracts viewed, signed or declined in
// the client portal) are the inquiries and contract events themselves: what a
// person has not read yet is derived from one time per person, the moment up to
// which they have read them (decision 0069). No row per person per event.
import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { declareNotRecords } from "./declare";

export const notificationReads = pgTable("notification_reads", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /** Everything that happened up to this time has been read. */
  readUpTo: timestamp("read_up_to", { withTimezone: true, precision: 3 }).notNull(),
});

export const notificationReadsDeclaration = declareNotRecords(notificationReads, "each person's read mark");
