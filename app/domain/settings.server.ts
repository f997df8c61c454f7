// The product's own settings, read by the infrastructure's rules and checked at start with its settings
// (server.ts): a wrong value stops the server with one line naming the variable.
import { z } from "zod";
import { parseSettings, positiveInt } from "~/.server/env";

const schema = z.object({
  // A contract out for signature gets one reminder mail this many days after it was sent.
  CONTRACT_REMINDER_DAYS: positiveInt(3),
});

let cached: z.output<typeof schema> | undefined;

/** The product's settings of this process, parsed once; `source` is for tests. */
export function productSettings(source?: Record<string, string | undefined>): z.output<typeof schema> {
  if (source) return parseSettings(schema, source);
  return (cached ??= parseSettings(schema));
}
