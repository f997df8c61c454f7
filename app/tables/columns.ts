// Column sets every table shares: a random uuid id, created_at, and updated_at (bumped on every
// update, the optimistic-concurrency token of the edit forms: decision 0008).
import { timestamp, uuid } from "drizzle-orm/pg-core";

export const id = () => uuid("id").primaryKey().defaultRandom();

// Millisecond precision: updated_at round-trips through a JS Date unchanged,
// so it can serve as the optimistic-concurrency token of a form.
export const createdAt = () => timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
