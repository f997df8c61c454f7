// Recognizes PostgreSQL errors (from pg or PGlite, possibly wrapped by Drizzle)
// so domain code can turn a constraint into a sentence a person understands.
interface PgError {
  code?: string;
  constraint?: string;
}

function pgError(error: unknown): PgError | undefined {
  for (
    let current: unknown = error;
    current && typeof current === "object";
    current = (current as { cause?: unknown }).cause
  ) {
    if (typeof (current as PgError).code === "string" && /^[0-9A-Z]{5}$/.test((current as PgError).code!)) {
      return current as PgError;
    }
  }
  return undefined;
}

/** A unique constraint failed (optionally: this constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === "23505" && (constraint === undefined || pg.constraint === constraint);
}

/** A foreign key refused the write (a referenced row is gone, or a referencing row remains). */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === "23503" && (constraint === undefined || pg.constraint === constraint);
}

/** A check constraint refused the row; `constraint` names it. */
export function checkViolation(error: unknown): { constraint?: string } | undefined {
  const pg = pgError(error);
  return pg?.code === "23514" ? { constraint: pg.constraint } : undefined;
}

/** SQLSTATE 22021 (character not in repertoire): text PostgreSQL cannot hold, a NUL character. */
export function isUnstorableText(error: unknown): boolean {
  return pgError(error)?.code === "22021";
}
