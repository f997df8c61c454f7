import path from "node:path";
import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  test("defaults every optional setting", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: path.resolve("./data"),
      STORAGE_DRIVER: "local",
      FRAME_ANCESTORS: "*",
      STAFF_EMAIL_DOMAINS: [],
      REQUIRE_EMAIL_VERIFICATION: false,
      RENDER_CACHE_MB: 64,
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(parseEnv({ RENDER_CACHE_MB: "" }).RENDER_CACHE_MB).toBe(64);
    expect(parseEnv({ RENDER_CACHE_MB: "0" }).RENDER_CACHE_MB).toBe(0);
  });

  test.each([
    ["", false],
    ["false", false],
    ["true", true],
    ["2", 2],
    ["loopback", "loopback"],
    [" 10.0.0.0/8 , loopback, ::1 ", "10.0.0.0/8,loopback,::1"],
  ])("TRUST_PROXY=%j is %j", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  test.each([
    [{}, { COUNT_VIEWS: true, REQUIRE_EMAIL_VERIFICATION: false }],
    [
      { COUNT_VIEWS: "", REQUIRE_EMAIL_VERIFICATION: "" },
      { COUNT_VIEWS: true, REQUIRE_EMAIL_VERIFICATION: false },
    ],
    [
      { COUNT_VIEWS: "0", REQUIRE_EMAIL_VERIFICATION: "1" },
      { COUNT_VIEWS: false, REQUIRE_EMAIL_VERIFICATION: true },
    ],
    [
      { COUNT_VIEWS: "false", REQUIRE_EMAIL_VERIFICATION: "true" },
      { COUNT_VIEWS: false, REQUIRE_EMAIL_VERIFICATION: true },
    ],
    [
      { MAIL_FROM: "  ", FRAME_ANCESTORS: " " },
      { MAIL_FROM: "Playfolio <no-reply@playfolio.local>", FRAME_ANCESTORS: "*" },
    ],
    [
      { MAIL_FROM: " A <a@b.c> ", FRAME_ANCESTORS: " https://x.test " },
      { MAIL_FROM: "A <a@b.c>", FRAME_ANCESTORS: "https://x.test" },
    ],
    [
      { S3_ENDPOINT: " ", PUBLIC_URL: "" },
      { S3_ENDPOINT: undefined, PUBLIC_URL: undefined },
    ],
    [
      { DRAIN_NOTICE_MS: "0", PORT: "0" },
      { DRAIN_NOTICE_MS: 0, PORT: 0 },
    ],
  ])("flags, defaults and blanks: %j", (source, expected) => {
    expect(parseEnv(source)).toMatchObject(expected);
  });

  test.each([
    [{ COUNT_VIEWS: "no" }, /^Invalid configuration: COUNT_VIEWS must be true or false/],
    [{ FRAME_ANCESTORS: "a; b" }, /^Invalid configuration: FRAME_ANCESTORS must be space-separated sources/],
    [{ DRAIN_NOTICE_MS: "-1" }, /^Invalid configuration: DRAIN_NOTICE_MS must be 0 or more/],
    [{ PORT: "1.5" }, /^Invalid configuration: PORT must be a whole number/],
    [
      { S3_PUBLIC_URL: "ftp://x" },
      /^Invalid configuration: S3_PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\//,
    ],
  ])("refuses %j", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  test("normalizes lists and URLs", () => {
    const env = parseEnv({
      STAFF_EMAIL_DOMAINS: " Example.com, @playgrounds.co.uk ",
      PUBLIC_URL: "https://play.example.com/some/path",
      REQUIRE_EMAIL_VERIFICATION: "true",
    });
    expect(env.STAFF_EMAIL_DOMAINS).toEqual(["example.com", "playgrounds.co.uk"]);
    expect(env.PUBLIC_URL).toBe("https://play.example.com");
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(true);
  });

  test.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT .*"eighty"/],
    [{ PORT: "70000" }, /^Invalid configuration: PORT must be between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:/],
    [{ PUBLIC_URL: "ftp://x" }, /^Invalid configuration: PUBLIC_URL/],
    [{ STORAGE_DRIVER: "azure" }, /^Invalid configuration: STORAGE_DRIVER must be local or s3/],
    [{ STORAGE_DRIVER: "s3" }, /^Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3/],
    [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: "loud" }, /^Invalid configuration: LOG_LEVEL must be one of/],
    [
      { RENDER_CACHE_MB: "lots" },
      /^Invalid configuration: RENDER_CACHE_MB must be a number of megabytes \(got "lots"\)/,
    ],
    [{ RENDER_CACHE_MB: "-1" }, /^Invalid configuration: RENDER_CACHE_MB must be 0 \(off\) or more/],
    [{ STAFF_EMAIL_DOMAINS: "not a domain" }, /^Invalid configuration: STAFF_EMAIL_DOMAINS/],
    [{ TRUST_PROXY: "everyone" }, /^Invalid configuration: TRUST_PROXY must be true, false, a number of proxies/],
    [{ REQUIRE_EMAIL_VERIFICATION: "yes" }, /^Invalid configuration: REQUIRE_EMAIL_VERIFICATION must be true or false/],
    [{ HISTORY_KEEP_DAYS: "7" }, /^Invalid configuration: HISTORY_KEEP_DAYS must be at least 30 \(days of restore/],
  ])("refuses %j with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  test("operations settings: timeouts and limits default sensibly and must be positive whole numbers", () => {
    expect(parseEnv({})).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 5000,
      DB_STATEMENT_TIMEOUT_MS: 10_000,
      MAX_IN_FLIGHT: 8,
      STAFF_MAX_IN_FLIGHT: 16,
      SHUTDOWN_TIMEOUT_MS: 10_000,
    });
    expect(parseEnv({ MAX_IN_FLIGHT: "64" }).MAX_IN_FLIGHT).toBe(64);
    expect(() => parseEnv({ MAX_IN_FLIGHT: "0" })).toThrow(
      'Invalid configuration: MAX_IN_FLIGHT must be at least 1 (got "0")',
    );
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(
      'Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be a number (got "soon")',
    );
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN must be at least 16 characters");
  });
});
