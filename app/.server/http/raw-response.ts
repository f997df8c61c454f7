// Writing a whole response at once with Node's own methods, past any wrapper a
// layer installed on it (the render cache's capture, compression): the answers
// made in front of Express (render cache hits, busy 503s) are written this way.
import http from "node:http";

const nativeWriteHead = http.ServerResponse.prototype.writeHead as (
  this: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders | string[],
) => unknown;
const nativeEnd = http.ServerResponse.prototype.end as (this: http.ServerResponse, body?: Buffer) => unknown;

/**
 * Status, headers and body in one go. Headers as a flat list ([name, value, …])
 * on a response with none set yet are written as they are, without Node's
 * per-header bookkeeping: the cheapest way to answer.
 */
export function writeRaw(
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders | string[],
  body: Buffer | undefined,
): void {
  nativeWriteHead.call(res, status, headers);
  nativeEnd.call(res, body);
}

/** Headers as writeRaw's flat list: [name, value, name, value, …]. */
export function flatHeaders(headers: http.OutgoingHttpHeaders): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
  }
  return list;
}
