// Seals a PDF carrying a signature placeholder: a detached PKCS#7 signature over its byte range.
import { P12Signer } from "@signpdf/signer-p12";
// The named class: in the built server CommonJS interop makes "default" the whole module (no .sign).
import { SignPdf } from "@signpdf/signpdf";
import { type SigningCredentials, signingCredentials } from "./credentials";

export async function sealPdf(
  withPlaceholder: Uint8Array,
  signingTime: Date,
  { p12, passphrase }: SigningCredentials = signingCredentials(),
): Promise<Buffer> {
  return new SignPdf().sign(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase }), signingTime);
}
