// The one place that reads process.env: every setting is validated at start; a wrong one stops the server naming it.
import net from "node:net";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = (protocols: string[]) =>
  emptyToUndefined.refine(
    (value) => value === undefined || (URL.canParse(value) && protocols.includes(new URL(value).protocol)),
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

/** true or false (1 or 0); unset or blank is `fallback`. */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""], { message: "must be true or false" })
    .optional()
    .transform((value) => (value ? value === "true" || value === "1" : fallback));

export const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ message: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
    PUBLIC_URL: optionalUrl(["http:", "https:"]).transform((value) => (value ? new URL(value).origin : undefined)),
    AUTH_SECRET: emptyToUndefined.refine((value) => value === undefined || value.length >= 32, {
      message: "must be at least 32 characters",
    }),
    // Sealing signed PDFs: a PKCS#12 file and its passphrase; else one made into $DATA_DIR/signing.p12.
    SIGNING_P12_PATH: emptyToUndefined,
    SIGNING_P12_PASSPHRASE: z.string().optional().default(""),
    // History and the accounts' trail kept this long (domain/history/prune.server.ts); at least restore's 30 days.
    HISTORY_KEEP_DAYS: positiveInt(365).pipe(z.number().min(30, "must be at least 30 (days of restore and revert)")),
    STAFF_EMAIL_DOMAINS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
          .filter(Boolean),
      )
      .refine((domains) => domains.every((domain) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain)), {
        message: "must be a comma-separated list of domains like example.com",
      }),
    REQUIRE_EMAIL_VERIFICATION: flag(false),
    // Counting public page views for /admin/insights (decision 0063).
    COUNT_VIEWS: flag(true),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
    MAIL_FROM: emptyToUndefined.transform((value) => value ?? "Playfolio <no-reply@playfolio.local>"),
    STORAGE_DRIVER: z
      .enum(["local", "s3", ""], { message: "must be local or s3" })
      .optional()
      .transform((value) => (value === "s3" ? "s3" : "local")),
    S3_BUCKET: emptyToUndefined,
    S3_ENDPOINT: optionalUrl(["http:", "https:"]),
    S3_REGION: emptyToUndefined,
    S3_PUBLIC_URL: optionalUrl(["http:", "https:"]),
    FRAME_ANCESTORS: emptyToUndefined
      .transform((value) => value ?? "*")
      .refine((value) => !/[;,]/.test(value), {
        message: "must be space-separated sources like https://example.com (no ; or ,)",
      }),
    RENDER_CACHE_MB: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number({ message: "must be a number of megabytes" })
        .int("must be a whole number of megabytes")
        .min(0, "must be 0 (off) or more")
        .max(65536, "must be at most 65536")
        .default(64),
    ),
    // Express's "trust proxy": off unless said, so X-Forwarded-* are ignored.
    TRUST_PROXY: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx): boolean | number | string => {
        if (!value || value === "false" || value === "0") return false;
        if (value === "true") return true;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value.split(",").map((entry) => entry.trim());
        const valid = entries.every(
          (entry) =>
            ["loopback", "linklocal", "uniquelocal"].includes(entry) || net.isIP(entry.split("/")[0] ?? "") !== 0,
        );
        if (!valid) {
          ctx.addIssue({
            code: "custom",
            message:
              "must be true, false, a number of proxies, or addresses / subnets / loopback, linklocal, uniquelocal",
          });
          return z.NEVER;
        }
        return entries.join(",");
      }),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent", ""], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .optional()
      .transform((value) => value || undefined),
    // Operations (docs/operations.md): database timeouts, admission limits, shutdown, metrics.
    DB_CONNECT_TIMEOUT_MS: positiveInt(5000),
    DB_STATEMENT_TIMEOUT_MS: positiveInt(10_000),
    DB_BREAKER_TIMEOUT_MS: positiveInt(1000),
    MAX_IN_FLIGHT: positiveInt(8),
    STAFF_MAX_IN_FLIGHT: positiveInt(16),
    // Staff's live streams (/admin/events): long-lived, outside the shares above, bounded here.
    LIVE_STREAMS_PER_PERSON: positiveInt(8),
    LIVE_MAX_STREAMS: positiveInt(500),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    // /healthz says 503 this long before the socket closes: over deploy/Caddyfile's check interval + timeout.
    DRAIN_NOTICE_MS: z.coerce
      .number({ message: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .default(2000),
    METRICS_TOKEN: emptyToUndefined.refine((value) => value === undefined || value.length >= 16, {
      message: "must be at least 16 characters",
    }),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
    }
  });

export type Env = z.output<typeof envSchema> & { DATA_DIR: string };

export class EnvError extends Error {}

type Source = Record<string, string | undefined>;

/** Parses settings of the environment with `schema`; throws EnvError with one line naming the variable. */
export function parseSettings<T extends z.ZodType>(schema: T, source: Source = process.env): z.output<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  const value = source[name];
  const shown = value === undefined ? "" : ` (got ${JSON.stringify(value)})`;
  throw new EnvError(`Invalid configuration: ${name} ${issue.message}${shown}`);
}

export function parseEnv(source: Source = process.env): Env {
  const parsed = parseSettings(envSchema, source);
  return { ...parsed, DATA_DIR: path.resolve(parsed.DATA_DIR) };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

let listeningPort: number | undefined;

/** server.ts tells the port it listens on (PORT=0 picks one). */
export function setListeningPort(port: number): void {
  listeningPort = port;
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]", ""]);

/** http://HOST:PORT as this server listens (localhost for a wildcard address). */
export function listeningOrigin(): string {
  const { HOST, PORT } = env();
  const host = WILDCARD_HOSTS.has(HOST) ? "localhost" : net.isIPv6(HOST) ? `[${HOST}]` : HOST;
  return `http://${host}:${listeningPort ?? PORT}`;
}

/** The origin of every absolute URL the app makes: PUBLIC_URL, or the listening address; never a client's Host. */
export function appOrigin(): string {
  return env().PUBLIC_URL ?? listeningOrigin();
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127\./.test(bare);
}

/** What start-up should warn about: settings that are valid but unsafe where the server listens. */
export function configurationWarnings(): string[] {
  const { PUBLIC_URL, HOST } = env();
  const warnings: string[] = [];
  if (!PUBLIC_URL && !isLoopbackHost(HOST)) {
    warnings.push(
      `PUBLIC_URL is not set, but the server listens on ${HOST}: links in mail, embed codes, canonical links and the sitemap say ${listeningOrigin()}. Set PUBLIC_URL to the address visitors use (required in production).`,
    );
  }
  return warnings;
}
