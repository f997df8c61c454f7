// Which stored body a request gets: brotli, gzip or none, from Accept-Encoding,
// negotiated by `negotiator` (as compression does; q-values honoured, and on a
// tie brotli, the smaller, wins).
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

const OFFERED: Encoding[] = ["br", "gzip", "identity"];
// negotiator's second argument, the order that breaks ties, is newer than its types.
const encodings = Negotiator.prototype.encodings as (this: Negotiator, offered: string[], ties: string[]) => string[];

export function preferredEncoding(header: string | undefined): Encoding {
  const accepted = encodings.call(new Negotiator({ headers: { "accept-encoding": header } }), OFFERED, OFFERED);
  // Identity refused as well (`identity;q=0`): the plain body all the same, as a cache must answer something.
  return (accepted[0] as Encoding | undefined) ?? "identity";
}
