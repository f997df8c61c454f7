// What every probe returns: passed or not, and one line saying what it saw.
export interface ProbeResult {
  ok: boolean;
  line: string;
}

export interface Probe {
  name: string;
  run(): Promise<ProbeResult>;
}
