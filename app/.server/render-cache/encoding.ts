// Which stored body a request gets: brotli, gzip or none, from Accept-Encoding
// (q-values honoured; on a tie brotli, the smaller, wins).
export type Encoding = "br" | "gzip" | "identity";

const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const q: Record<Encoding, number> = { br: -1, gzip: -1, identity: -1 };
  let wildcard = -1;
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const coding = name.trim().toLowerCase();
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=");
      if (key?.trim().toLowerCase() === "q") weight = Number(value);
    }
    if (!Number.isFinite(weight)) weight = 0;
    if (coding === "*") wildcard = weight;
    else if (coding === "br" || coding === "gzip" || coding === "identity") q[coding] = weight;
    else if (coding === "x-gzip") q.gzip = Math.max(q.gzip, weight);
  }
  let best: Encoding = "identity";
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    // identity is acceptable unless refused outright; the others only when named (or by *).
    const weight = q[encoding] >= 0 ? q[encoding] : wildcard >= 0 ? wildcard : encoding === "identity" ? 0.001 : 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
