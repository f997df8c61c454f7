// Failures a person can act on (a refused target, a damaged archive, a busy
// DATA_DIR): the command-line tools print their message alone, without a stack.
export class BackupError extends Error {
  override name = "BackupError";
}
