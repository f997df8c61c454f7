// A form's fields from its table: one schema per entity. Each column's value
// schema comes from the column (its type, enum values, nullability: never
// "optional", since an absent field is read too: an unchecked switch is false)
// and the spec's messages refine it; in front of it, a reader of the column's
// type turns the submitted text into that value. (drizzle-zod makes the same
// value schemas, but uses zod's namespace as a value, which puts all of zod,
// locales included, in the browser: 80 KB gzip more; decision 0049.) The save writes the same fields back by name
// and the form shows them as text, so a field is named once, in the list.
// Shared with the browser (Conform runs the schema there first).
import { getTableColumns, type Table } from "drizzle-orm";
import { z } from "zod";
import { hasNoNul, isHttpUrl, NO_NUL } from "~/lib/form-values";
import { parseDecimal, parseWholeNumber, type ParsedNumber } from "~/lib/numbers";

/**
 * How a form field is read. `true`: as its column's type says. A function: the
 * same reader, and the column's schema refined or replaced by what it returns
 * (the spec's messages, limits). A zod schema: that schema reads the submitted
 * text itself (a field with its own rules).
 */
export type FieldSpec = true | ((column: never) => z.ZodType) | z.ZodType;

type Insert<T extends Table> = T["$inferInsert"];
type Specs<T extends Table> = { [K in keyof Insert<T>]?: FieldSpec };

/** What each listed field holds once read (null: the column is emptied). */
export type FormFields<T extends Table, F extends Specs<T>> = {
  [K in keyof F]: z.ZodType<
    F[K] extends z.ZodType ? z.output<F[K]> : Exclude<Insert<T>[K & keyof Insert<T>], undefined>
  >;
};

/** What a form's fields hold once read: a record's values as the form writes them. */
export type FieldValues<F extends Record<string, z.ZodType>> = { [K in keyof F]: z.output<F[K]> };

/** Optional text is capped here unless the field says otherwise. */
export const TEXT_MAX = 5000;

/** Text up to `max` characters (blank is empty); `required` makes blank refused with that message. */
export function text(max: number, required?: string): (column: z.ZodString) => z.ZodType {
  // Blank arrives as "" for a column that cannot be null, and as null otherwise; Conform then
  // strips "" to undefined, which a required field refuses and any other keeps as "".
  const tooLong = `Must be at most ${max} characters`;
  return required
    ? () => z.string({ message: required }).min(1, required).max(max, tooLong).refine(hasNoNul, NO_NUL)
    : (column) =>
        column
          .max(max, tooLong)
          .refine(hasNoNul, NO_NUL)
          .optional()
          .transform((value) => value ?? "");
}

/** An http(s) link (the only links pages render), or empty. */
export const httpUrl =
  (message = "Invalid URL") =>
  (column: z.ZodString) =>
    column.max(2000, "Must be at most 2000 characters").refine(isHttpUrl, { message });

type Column = ReturnType<typeof getTableColumns>[string] & {
  precision?: number;
  scale?: number;
  baseColumn?: { enumValues?: string[] };
};

const fromNumber =
  <T>(parse: (input: string) => ParsedNumber<T>) =>
  (value: unknown, ctx: z.RefinementCtx) => {
    const parsed = parse(typeof value === "string" ? value : "");
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return value;
  };

const blankAsEmpty = (column: Column) => (value: unknown) => {
  const trimmed = typeof value === "string" ? value.trim() : value;
  if (trimmed !== "" && trimmed !== undefined) return trimmed;
  // Required text stays "" so its own message says what is missing.
  return column.notNull ? (column.dataType === "string" && !column.enumValues?.length ? "" : undefined) : null;
};

/** The reader of a column's type: submitted text (or nothing) in, the column's value out. */
function reader(column: Column): (value: unknown, ctx: z.RefinementCtx) => unknown {
  switch (column.columnType) {
    case "PgBoolean":
      // A switch sends "on" while on and nothing while off.
      return (value) => value === "on" || value === true;
    case "PgInteger":
      return fromNumber((input) => parseWholeNumber(input));
    case "PgNumeric":
      return fromNumber((input) => parseDecimal(input, { precision: column.precision!, scale: column.scale! }));
    case "PgDateString":
      return (value, ctx) => {
        const date = blankAsEmpty(column)(value);
        if (typeof date === "string" && !isCalendarDate(date))
          ctx.addIssue({ code: "custom", message: "Invalid date" });
        return date;
      };
    case "PgArray": {
      // Checkboxes: one value arrives as a string, several as an array; kept once each, in the column's order.
      const order = column.baseColumn?.enumValues;
      return (value) => {
        const picked = [...new Set(value === undefined || value === "" ? [] : [value].flat())];
        return order
          ? [...order.filter((v) => picked.includes(v)), ...picked.filter((v) => !order.includes(v as string))]
          : picked;
      };
    }
    case "PgText":
    case "PgUUID":
      return blankAsEmpty(column);
    default:
      throw new Error(`No form reader for a ${column.columnType} column (${column.name})`);
  }
}

/** What the column holds, as zod says it (drizzle-zod's select schema of the column). */
function columnSchema(column: Column): z.ZodType {
  const values = column.enumValues?.length ? (column.enumValues as [string, ...string[]]) : undefined;
  switch (column.columnType) {
    case "PgBoolean":
      return z.boolean();
    case "PgInteger":
      return z.int().min(-2_147_483_648).max(2_147_483_647);
    case "PgUUID":
      return z.uuid();
    case "PgArray": {
      const base = column.baseColumn?.enumValues;
      return z.array(base?.length ? z.enum(base as [string, ...string[]]) : z.string());
    }
    default:
      return values ? z.enum(values) : z.string();
  }
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

/**
 * The zod fields of a form over some of `table`'s columns. Only the listed
 * columns are fields: a column the form does not list cannot be written by it.
 */
export function formFields<T extends Table, const F extends Specs<T>>(table: T, fields: F): FormFields<T, F> {
  const columns = getTableColumns(table) as Record<string, Column>;
  return Object.fromEntries(
    Object.entries(fields).map(([name, spec]) => {
      const column = columns[name];
      if (!column) throw new Error(`${name} is not a column of this table`);
      // A zod schema reads the submitted text itself.
      if (spec instanceof z.ZodType) return [name, spec];
      const refine =
        spec !== true
          ? (spec as (column: z.ZodType) => z.ZodType)
          : column.columnType === "PgText" && !column.enumValues?.length
            ? text(TEXT_MAX)
            : (value: z.ZodType) => value;
      const value = refine(columnSchema(column) as z.ZodString);
      return [name, z.preprocess(reader(column), column.notNull ? value : value.nullable())];
    }),
  ) as FormFields<T, F>;
}

/** The columns a save writes: each field's value under its own name; undefined (a hidden section) leaves the column as it is. */
export function columnValues<F extends Record<string, z.ZodType>, V extends { [K in keyof F]?: unknown }>(
  fields: F,
  values: V,
): Pick<V, keyof F & keyof V> {
  return Object.fromEntries(Object.keys(fields).map((name) => [name, values[name as keyof V]])) as Pick<
    V,
    keyof F & keyof V
  >;
}

/** The listed fields' columns of `table`: a select of a record as its form shows it. */
export function fieldColumns<T extends Table, F extends Record<string, z.ZodType>>(
  table: T,
  fields: F,
): Pick<T["_"]["columns"], keyof F & keyof T["_"]["columns"]> {
  const columns = getTableColumns(table);
  return Object.fromEntries(Object.keys(fields).map((name) => [name, columns[name]])) as never;
}

/**
 * What a form's text inputs show for a saved record: each field's value as
 * text ("12.30"). Switches and checkboxes (booleans, lists) are left to their
 * inputs, which start checked from the record.
 */
export function fieldText<F extends Record<string, z.ZodType>>(
  fields: F,
  record: Partial<Record<keyof F, unknown>>,
): Partial<Record<keyof F, string>> {
  const shown: Partial<Record<keyof F, string>> = {};
  for (const name of Object.keys(fields) as (keyof F)[]) {
    const value = record[name];
    if (typeof value === "boolean" || Array.isArray(value)) continue;
    shown[name] = value === null || value === undefined ? "" : String(value);
  }
  return shown;
}
