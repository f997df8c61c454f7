// The fuzz generators build their fixed text arbitraries once per process: building a string
// arbitrary (its slices of tricky strings) or a regular-expression one cost more CPU than the
// draws, again for every action and schema fuzzed (tests/unit/fuzz/form-inputs.ts).
import { expect, test } from "vitest";
import { plausibleValue, schemaVocabulary } from "./form-inputs";
import { z } from "zod";

const vocabulary = schemaVocabulary([
  z.object({ email: z.email(), slug: z.string(), website: z.url(), note: z.string() }),
]);
const ids = ["00000000-0000-4000-8000-000000000001"];

test.each(["email", "slug", "website", "note"])("the plausible %s arbitrary is built once", (field) => {
  expect(plausibleValue(field, vocabulary, ids)).toBe(plausibleValue(field, vocabulary, ids));
});
