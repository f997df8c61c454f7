// Seals a PDF that already carries a signature placeholder (see
// @signpdf/placeholder-pdf-lib): a PKCS#7 detached signature over its byte
// range, so any PDF reader shows whether it changed since.
import { P12Signer } from "@signpdf/signer-p12";
import signpdf from "@signpdf/signpdf";
import { signingCredentials } from "./credentials";

export async function sealPdf(withPlaceholder: Uint8Array, signingTime: Date): Promise<Buffer> {
  const { p12, passphrase } = signingCredentials();
  return signpdf.sign(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase }), signingTime);
}
