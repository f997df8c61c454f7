// Generators for hostile form submissions (fast-check): the field names and
// literal values a schema knows, plus arbitrary, huge and unicode strings,
// missing and duplicated fields, files where text is expected.
import fc from "fast-check";
import { z } from "zod";

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isSchema = (value: unknown): value is ZodInternals =>
  typeof value === "object" && value !== null && "_zod" in value;

export interface Vocabulary {
  /** Every field name of the schemas. */
  fields: string[];
  /** Every literal / enum value. */
  literals: string[];
  /** The literal / enum values each field accepts (its intents, statuses, kinds…). */
  fieldLiterals: Record<string, string[]>;
}

/** What the schemas know: field names and the literal values of each. */
export function schemaVocabulary(schemas: unknown[]): Vocabulary {
  const fieldLiterals: Record<string, Set<string>> = {};
  const literals = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown, field?: string) => {
    if (!isSchema(node) || seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def;
    const found: string[] = [];
    if (def.type === "literal") found.push(...(def.values as unknown[]).map(String));
    if (def.type === "enum") found.push(...Object.values(def.entries as object).map(String));
    for (const value of found) {
      literals.add(value);
      if (field) (fieldLiterals[field] ??= new Set()).add(value);
    }
    if (def.type === "object") {
      for (const [name, child] of Object.entries(def.shape as Record<string, unknown>)) {
        fieldLiterals[name] ??= new Set();
        // A shared schema (a field's type used in two objects) is visited once per field.
        seen.delete(child);
        visit(child, name);
      }
      return;
    }
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach((item) => visit(item, field));
      else visit(value, field);
    }
  };
  schemas.forEach((schema) => visit(schema));
  return {
    fields: Object.keys(fieldLiterals).sort(),
    literals: [...literals].sort(),
    fieldLiterals: Object.fromEntries(Object.entries(fieldLiterals).map(([name, values]) => [name, [...values]])),
  };
}

/**
 * The arbitraries that depend on nothing, built once per process: building a string, regular
 * expression or URL arbitrary costs more CPU than drawing from it (fc.webUrl() about 0.4 s), and
 * formEntries() runs for every action and schema fuzzed. Arbitraries are descriptions, so sharing
 * one draws the same values as building it again.
 */
const text = {
  email: fc.stringMatching(/^[a-z0-9]{1,12}@[a-z]{2,10}\.(test|example)$/),
  url: fc.webUrl(),
  slug: fc.stringMatching(/^[a-z0-9]{1,20}(-[a-z0-9]{1,10})?$/),
  free: fc.oneof(
    fc.string({ minLength: 2, maxLength: 40 }),
    fc.string({ unit: "grapheme", minLength: 2, maxLength: 40 }),
  ),
  any: fc.string({ maxLength: 40 }),
  grapheme: fc.string({ unit: "grapheme", maxLength: 40 }),
  binary: fc.string({ unit: "binary", maxLength: 40 }),
  name: fc.string({ maxLength: 12 }),
};

/**
 * A value that could pass the field's checks, judged by its name (or its
 * literals), so that fuzzing gets past validation into the domain code.
 */
export function plausibleValue(field: string, vocabulary: Vocabulary, ids: string[]): fc.Arbitrary<string> {
  const literals = vocabulary.fieldLiterals[field] ?? [];
  if (literals.length > 0) return fc.constantFrom(...literals);
  if (/(^id|Id|Ids|ids)$/.test(field)) return fc.constantFrom(...ids);
  if (/email/i.test(field)) return text.email;
  if (/password/i.test(field)) return fc.constant("a-good-password-1");
  if (/youtube|videoUrl/i.test(field))
    return fc.constantFrom("https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  if (/Url$|website/i.test(field)) return text.url;
  if (/date/i.test(field))
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2040-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (/capacity|levels|Levels|Length|Width|Height|SqFeet|sqFeet|Price/.test(field))
    return fc.oneof(
      fc.nat(500).map(String),
      fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)),
    );
  if (/^(has|is|show|remove|confirm|published|featured)/.test(field)) return fc.constantFrom("on", "true");
  if (field === "version") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (/slug|projectName/i.test(field)) return text.slug;
  return text.free;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** One submitted value: text of every kind, or a file where text was expected. */
export function formValue(known: string[]): fc.Arbitrary<string | Blob> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known, "", " ", "0", "-1", "1e309", "NaN", "true", "null") },
    // Names every plain object answers to: a lookup keyed by a submitted value must not find them.
    { weight: 1, arbitrary: fc.constantFrom("toString", "constructor", "__proto__", "valueOf", "hasOwnProperty") },
    { weight: 3, arbitrary: text.any },
    { weight: 2, arbitrary: text.grapheme },
    { weight: 1, arbitrary: text.binary },
    // Huge: well past every max length, under the 1 MB body cap.
    { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 100_000 }).map((n) => "x".repeat(n)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "\u0000",
        "\u202e",
        "🛝".repeat(500),
        "<script>alert(1)</script>",
        "'; drop table clients; --",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => new Blob([bytes], { type: "application/octet-stream" })),
    },
  );
}

/**
 * A whole submission: each known field present or missing, with a plausible
 * or a hostile value, some repeated, plus unknown fields. How often a field is
 * dropped or spoiled varies from one submission to the next, so some are
 * whole and valid (reaching the domain code) and others are wrecked.
 */
export function formEntries(vocabulary: Vocabulary, ids: string[] = []): fc.Arbitrary<[string, string | Blob][]> {
  const known = [...vocabulary.literals, ...ids];
  const someIds = ids.length ? ids : ["00000000-0000-4000-8000-000000000000"];
  const fields = vocabulary.fields.length ? vocabulary.fields : ["value"];
  // Arbitraries are descriptions: built once per field and profile, not again for every
  // submission (chain() calls its function per value drawn, and building the regular-expression
  // and URL arbitraries cost more than drawing from them: most of the fuzz files' CPU time).
  const built = new Map<string, unknown>();
  const once = <T>(key: string, build: () => T): T => {
    if (!built.has(key)) built.set(key, build());
    return built.get(key) as T;
  };
  const hostile = formValue(known);
  const value = (field: string, spoil: number): fc.Arbitrary<string | Blob> =>
    once(`value ${spoil} ${field}`, () =>
      fc.oneof(
        {
          weight: 10 - spoil,
          arbitrary: once(`plausible ${field}`, () => plausibleValue(field, vocabulary, someIds)) as fc.Arbitrary<
            string | Blob
          >,
        },
        { weight: spoil, arbitrary: hostile },
      ),
    );
  const profile = fc.record({ drop: fc.constantFrom(0, 1, 3, 6), spoil: fc.constantFrom(0, 1, 3, 6) });
  const submission = (drop: number, spoil: number): fc.Arbitrary<[string, string | Blob][]> =>
    once(`submission ${drop} ${spoil}`, () =>
      fc
        .tuple(
          fc.tuple(
            ...fields.map((field) =>
              fc.oneof(
                {
                  weight: 10 - drop,
                  arbitrary: value(field, spoil).map((v): [string, string | Blob][] => [[field, v]]),
                },
                { weight: drop, arbitrary: fc.constant<[string, string | Blob][]>([]) },
              ),
            ),
          ),
          fc.array(
            fc
              .constantFrom(...fields)
              .chain((field) => value(field, spoil).map((v): [string, string | Blob] => [field, v])),
            { maxLength: spoil > 0 ? 3 : 0 },
          ),
          fc.array(fc.tuple(text.name, hostile), { maxLength: spoil > 0 ? 2 : 0 }),
        )
        .map(([present, repeated, unknown]) => [...present.flat(), ...repeated, ...unknown]),
    );
  return profile.chain(({ drop, spoil }) => submission(drop, spoil));
}

export function toFormData(entries: [string, string | Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}
