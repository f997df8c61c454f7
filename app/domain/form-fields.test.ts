import { sql } from "drizzle-orm";
import { boolean, date, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { columnValues, fieldText, formFields, text as textField } from "./form-fields";

const things = pgTable("things", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  notes: text("notes"),
  kind: text("kind", { enum: ["a", "b"] }),
  on: boolean("on").notNull().default(false),
  count: integer("count"),
  price: numeric("price", { precision: 6, scale: 2 }),
  day: date("day"),
  tags: text("tags", { enum: ["x", "y", "z"] })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  secret: text("secret"),
});

const fields = formFields(things, {
  name: textField(20, "Name is required"),
  notes: true,
  kind: true,
  on: true,
  count: true,
  price: true,
  day: true,
  tags: true,
});
const schema = z.object(fields);

describe("form fields read from the table", () => {
  test("each column's type reads the submitted text: trimmed text, blank as null, switches, numbers, dates, lists", () => {
    expect(
      schema.parse({
        name: "  Tower ",
        notes: " ",
        kind: "b",
        on: "on",
        count: "1,200",
        price: "12.5",
        day: "2025-03-07",
        tags: ["z", "x", "z"],
      }),
    ).toEqual({
      name: "Tower",
      notes: null,
      kind: "b",
      on: true,
      count: 1200,
      price: "12.50",
      day: "2025-03-07",
      tags: ["x", "z"],
    });
    // Absent is read too: an unchecked switch is off, no checkbox is an empty list.
    expect(schema.parse({ name: "Tower" })).toEqual({
      name: "Tower",
      notes: null,
      kind: null,
      on: false,
      count: null,
      price: null,
      day: null,
      tags: [],
    });
  });

  test("refusals carry readable messages; the field's own message for a required blank", () => {
    const result = schema.safeParse({
      name: " ",
      kind: "c",
      count: "2.5",
      price: "12345.5",
      day: "2025-02-30",
      tags: "w",
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({
      name: "Name is required",
      count: "Must be a whole number",
      price: "Must be less than 10,000",
      day: "Invalid date",
    });
    expect(Object.keys(messages).sort()).toEqual(["count", "day", "kind", "name", "price", "tags"]);
    expect(schema.safeParse({ name: "x".repeat(21) }).error!.issues[0]!.message).toBe("Must be at most 20 characters");
    expect(schema.safeParse({ name: "A", notes: "x".repeat(5001) }).error!.issues[0]!.message).toBe(
      "Must be at most 5000 characters",
    );
  });

  test("only listed columns are fields: a column the form does not list cannot be written through it", () => {
    const parsed = schema.parse({ name: "Tower", secret: "sneaky", id: "00000000-0000-4000-8000-000000000000" });
    expect(columnValues(fields, parsed)).not.toHaveProperty("secret");
    expect(columnValues(fields, parsed)).not.toHaveProperty("id");
    expect(() => formFields(things, { nope: true } as never)).toThrow("nope is not a column of this table");
  });

  test("a saved record shows as the text its inputs hold; switches and lists start checked by themselves", () => {
    const record = {
      name: "Tower",
      notes: null,
      kind: "a",
      on: true,
      count: 3,
      price: "12.50",
      day: null,
      tags: ["x"],
    };
    expect(fieldText(fields, record)).toEqual({
      name: "Tower",
      notes: "",
      kind: "a",
      count: "3",
      price: "12.50",
      day: "",
    });
    // Shown text parses back to the same values.
    expect(schema.parse({ ...fieldText(fields, record), on: "on", tags: ["x"] })).toEqual(record);
  });
});
