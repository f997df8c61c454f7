// Resident memory of a running process, from /proc (Linux): now, and the peak so far.
import fs from "node:fs";

export interface Memory {
  rssMb: number;
  peakMb: number;
}

export function memoryOf(pid: number): Memory {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

/** CPU time a process has used so far, user and system, in ms (Linux: /proc, clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
