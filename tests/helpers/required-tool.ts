// The one gate of a test or probe that needs something of the machine: a system tool (Caddy,
// PostgreSQL's binaries, unshare as root) or the PostgreSQL server CI starts (TEST_DATABASE_URL).
// On a developer's machine without it the test skips; in CI (`CI` set, as .ci/run sets it, which
// installs and starts each) it fails, so a fresh machine lacking one cannot pass with it skipped.

/** Whether `what` is here: false to skip outside CI; in CI its absence throws. */
export function requiredInCi(present: boolean, what: string): boolean {
  if (!present && process.env.CI) throw new Error(`${what} is required in CI and missing (.ci/run provides it)`);
  return present;
}
