// How many connections the kernel has completed on our listening port that the
// process has not accepted yet (Linux: the rx_queue of a LISTEN socket in
// /proc/net/tcp and tcp6). Undefined where that cannot be read.
import fs from "node:fs";

const LISTEN = "0A";

export function acceptQueueLength(port: number): number | undefined {
  let total: number | undefined;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    total ??= 0;
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== LISTEN || Number.parseInt(fields[1]?.split(":")[1] ?? "", 16) !== port) continue;
      total += Number.parseInt(fields[4]?.split(":")[1] ?? "0", 16);
    }
  }
  return total;
}
