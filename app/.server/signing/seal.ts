// Seals a PDF carrying a signature placeholder: a detached PKCS#7 signature over its byte range.
import { P12Signer } from "@signpdf/signer-p12";
// The named class, not the default export: Node's CommonJS interop hands the
// built server the whole module as "default" (its .sign is undefined there).
import { SignPdf } from "@signpdf/signpdf";
import { type SigningCredentials, signingCredentials } from "./credentials";

export async function sealPdf(
  withPlaceholder: Uint8Array,
  signingTime: Date,
  { p12, passphrase }: SigningCredentials = signingCredentials(),
): Promise<Buffer> {
  return new SignPdf().sign(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase }), signingTime);
}
