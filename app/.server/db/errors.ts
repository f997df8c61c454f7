// Recognizes PostgreSQL errors (from pg or PGlite, possibly wrapped by Drizzle)
// so domain code can turn a constraint into a sentence a person understands.
interface PgError {
  code?: unknown;
  message?: unknown;
  constraint?: string;
}

/** The error and each of its causes, outermost first (Drizzle wraps the driver's error). */
export function* causes(error: unknown): Generator<PgError> {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause)
    yield current as PgError;
}

function pgError(error: unknown): PgError | undefined {
  for (const cause of causes(error))
    if (typeof cause.code === "string" && /^[0-9A-Z]{5}$/.test(cause.code)) return cause;
}

const violation =
  (code: string) =>
  (error: unknown, constraint?: string): boolean => {
    const pg = pgError(error);
    return pg?.code === code && (constraint === undefined || pg.constraint === constraint);
  };

/** A unique constraint failed (optionally: this constraint). */
export const isUniqueViolation = violation("23505");
/** A foreign key refused the write (a referenced row is gone, or a referencing row remains). */
export const isForeignKeyViolation = violation("23503");

/** A check constraint refused the row; `constraint` names it. */
export function checkViolation(error: unknown): { constraint?: string } | undefined {
  const pg = pgError(error);
  return pg?.code === "23514" ? { constraint: pg.constraint } : undefined;
}

/** SQLSTATE 22021 (character not in repertoire): text PostgreSQL cannot hold, a NUL character. */
export function isUnstorableText(error: unknown): boolean {
  return pgError(error)?.code === "22021";
}
