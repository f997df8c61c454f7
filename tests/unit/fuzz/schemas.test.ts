// Every zod form schema (app/domain/*/schema.ts), fed arbitrary, huge, unicode,
// missing, duplicated and wrongly-typed fields: parsing never throws, and a
// refusal always names what is wrong.
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formEntries, isZodSchema, schemaVocabulary, toFormData } from "./form-inputs";

const modules = import.meta.glob<Record<string, unknown>>("/app/domain/*/schema.ts", { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isZodSchema(value))
    .map(([name, schema]) => ({ name: `${file.replace("/app/domain/", "")} ${name}`, schema })),
);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

describe("zod form schemas under fuzzing", () => {
  test("there are schemas to fuzz", () => {
    expect(schemas.length).toBeGreaterThan(15);
  });

  for (const { name, schema } of schemas) {
    test(name, () => {
      const vocabulary = schemaVocabulary([schema]);
      fc.assert(
        fc.property(formEntries(vocabulary), (entries) => {
          const submission = parseWithZod(toFormData(entries), { schema: schema as never });
          if (submission.status === "error") {
            const messages = Object.values(submission.error ?? {}).flat();
            expect(messages.length).toBeGreaterThan(0);
            for (const message of messages) expect(typeof message === "string" && message.length > 0).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
      fc.assert(
        fc.property(fc.anything(), (value) => {
          const result = (schema as { safeParse(input: unknown): { success: boolean } }).safeParse(value);
          expect(typeof result.success).toBe("boolean");
        }),
        { numRuns: RUNS },
      );
    });
  }
});
