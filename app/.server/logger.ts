// One pino logger: JSON lines in production, readable lines when a person watches a terminal.
import pino from "pino";
import { env } from "./env";

function createLogger() {
  const { LOG_LEVEL, NODE_ENV } = env();
  const level = LOG_LEVEL ?? (NODE_ENV === "test" ? "warn" : "info");
  const pretty = NODE_ENV === "development" || (process.stdout.isTTY && NODE_ENV !== "production");
  return pino({
    level,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } } : {}),
  });
}

let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger();
  return instance;
}
