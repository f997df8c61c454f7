// The one function we use of fs-native-extensions (which ships no types).
declare module "fs-native-extensions" {
  /** Takes an exclusive (or shared) lock on the open file without waiting; false when another holds it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
}
