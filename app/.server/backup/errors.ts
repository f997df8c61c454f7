// Failures a person can act on: the command-line tools print their message alone, without a stack.
export class BackupError extends Error {
  override name = "BackupError";
}
