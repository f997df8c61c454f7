// Runs a command-line tool: an expected failure prints one line, anything else its stack.
import { BackupError } from "~/.server/backup/errors";
import { DataDirLockedError } from "~/.server/data-dir-lock";
import { EnvError } from "~/.server/env";
import { MediaGcError } from "~/.server/images/gc-run";

export function runCli(label: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const expected =
        error instanceof BackupError ||
        error instanceof EnvError ||
        error instanceof DataDirLockedError ||
        error instanceof MediaGcError;
      console.error(expected ? `${label} failed: ${(error as Error).message}` : error);
      process.exitCode = 1;
    },
  );
}
