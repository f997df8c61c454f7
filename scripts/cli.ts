// Runs a command-line tool on its arguments: `--help` prints its usage, a wrong argument the mistake
// and the usage; an expected failure prints one line, anything else its stack.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { BackupError } from "~/.server/backup/errors";
import { DataDirLockedError } from "~/.server/data-dir-lock";
import { EnvError } from "~/.server/env";
import { MediaGcError } from "~/.server/images/gc-run";

export async function runCli<T extends ParseArgsConfig>(
  label: string,
  usage: string,
  config: T,
  main: (args: ReturnType<typeof parseArgs<T>>) => Promise<number>,
): Promise<void> {
  let args;
  try {
    args = parseArgs({ ...config, options: { ...config.options, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exitCode = 1;
    return;
  }
  if ((args.values as { help?: boolean }).help) return console.log(usage);
  try {
    process.exitCode = await main(args as ReturnType<typeof parseArgs<T>>);
  } catch (error) {
    const expected = [BackupError, EnvError, DataDirLockedError, MediaGcError].some((kind) => error instanceof kind);
    console.error(expected ? `${label} failed: ${(error as Error).message}` : error);
    process.exitCode = 1;
  }
}
