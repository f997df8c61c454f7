// Requests with headers fetch() will not send (Host) or bodies it will not
// stream the way an attacker would (chunked, lying sizes), straight over node:http.
import http from "node:http";
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  url: string,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string | number>;
    /** Written as it is; an iterable is written chunk by chunk (chunked unless Content-Length is given). */
    body?: string | Buffer | Iterable<Buffer>;
  } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        // A connection of its own: a kept-alive socket the server has just closed would end in a
        // reset with no answer at all.
        agent: false,
        method: options.method ?? "GET",
        path: options.path ?? `${target.pathname}${target.search}`,
        headers: options.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    // The server may answer (413) and close before the whole body is sent: that answer is what counts,
    // so a broken pipe waits a moment for it; with no answer by then the request fails, never hangs.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      else setTimeout(() => reject(error), 5_000).unref();
    });
    const { body } = options;
    if (body === undefined) request.end();
    else if (typeof body === "string" || Buffer.isBuffer(body)) request.end(body);
    else {
      void (async () => {
        for (const chunk of body) {
          if (request.destroyed) return;
          if (!request.write(chunk)) await new Promise((next) => request.once("drain", next));
        }
        request.end();
      })().catch(() => undefined);
    }
  });
}

/**
 * Takes one place of admission control and keeps it: a form post whose body
 * never comes stays in flight until the returned socket is destroyed.
 */
export function holdAPlace(port: number): net.Socket {
  const socket = net.connect(port, "127.0.0.1");
  socket.write(
    "POST /auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
      "Content-Length: 1000\r\n\r\nemail=",
  );
  return socket;
}
