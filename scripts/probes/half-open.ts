// 500 connections that send half a request head and then nothing: a normal
// request still answers within 1 s, and the server closes the half-open ones
// after its headersTimeout (20 s) instead of keeping them for ever.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type ProbeResult, seconds } from "./lib/probe";
import { launch } from "./lib/server";

const IDLE = 500;

export async function probeHalfOpen(): Promise<ProbeResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-probe-halfopen-"));
  const server = await launch({ dataDir, env: { LOG_LEVEL: "warn" } });
  const sockets: net.Socket[] = [];
  try {
    await server.healthy();
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/`)).text(); // warm, as a running server is
    let closed = 0;
    const opened = performance.now();
    await Promise.all(
      Array.from(
        { length: IDLE },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect(server.port, "127.0.0.1", () => {
              socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
              resolve();
            });
            socket.on("error", reject);
            socket.resume(); // read the 408 and the close
            socket.on("close", () => closed++);
            sockets.push(socket);
          }),
      ),
    );
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const response = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(10_000) });
      await response.text();
      answers.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    while (closed < IDLE && performance.now() - opened < 40_000) await new Promise((r) => setTimeout(r, 250));
    const slowest = Math.max(...answers);
    return {
      ok: slowest < 1000 && closed === IDLE,
      line:
        `${IDLE} half-open connections: normal requests answered in ≤ ${Math.round(slowest)} ms; ` +
        `${closed}/${IDLE} closed by the server after ${seconds(performance.now() - opened)} (headersTimeout 20 s)`,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
