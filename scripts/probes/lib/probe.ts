// What every probe returns: passed or not, and one line saying what it saw.
export interface ProbeResult {
  ok: boolean;
  /** "skipped" when the machine cannot run it (not root, say). */
  skipped?: boolean;
  line: string;
}

export interface Probe {
  name: string;
  run(): Promise<ProbeResult>;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Resolves with how long `promise` took, or rejects after `ms`. */
export async function timed<T>(promise: Promise<T>, ms: number, what: string): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const value = await Promise.race([
    promise,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
  return { value, ms: performance.now() - started };
}
