// Checks a sealed PDF as a reader does: the /ByteRange covers the whole file
// but the signature's hole, the PKCS#7 message digest equals the SHA-256 of
// those bytes, and the signature over the signed attributes verifies with the
// certificate it carries.
import crypto from "node:crypto";
import forge from "node-forge";

export interface SignatureCheck {
  byteRange: [number, number, number, number];
  coversWholeFile: boolean;
  digestMatches: boolean;
  signatureVerifies: boolean;
  signerCommonName: string | null;
}

export function checkPdfSignature(pdf: Buffer): SignatureCheck {
  const text = pdf.toString("latin1");
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length !== 1) throw new Error(`expected one /ByteRange, found ${ranges.length}`);
  const byteRange = ranges[0]!.slice(1, 5).map(Number) as [number, number, number, number];
  const [a, b, c, d] = byteRange;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  // The hole between the two ranges is "<hex…>": the DER of the PKCS#7 signature, zero-padded.
  const hex = pdf
    .subarray(a + b + 1, c - 1)
    .toString("latin1")
    .replace(/(00)+$/, "");
  const der = forge.util.hexToBytes(hex.length % 2 ? `${hex}0` : hex);
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attribute) =>
      forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest!,
  );
  const digest = ((digestAttribute!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string;
  const expected = crypto.createHash("sha256").update(signed).digest("binary");
  // The signature is over the DER of the attributes as a SET.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const attributesDigest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes());
  const certificate = message.certificates[0]!;
  let signatureVerifies = false;
  try {
    signatureVerifies = (certificate.publicKey as forge.pki.rsa.PublicKey).verify(
      attributesDigest.digest().getBytes(),
      message.rawCapture.signature,
    );
  } catch {
    signatureVerifies = false;
  }
  return {
    byteRange,
    coversWholeFile: a === 0 && c + d === pdf.length && c > a + b,
    digestMatches: digest === expected,
    signatureVerifies,
    signerCommonName: (certificate.subject.getField("CN")?.value as string | undefined) ?? null,
  };
}
