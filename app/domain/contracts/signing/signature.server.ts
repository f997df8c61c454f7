// What a person signs with in the portal, checked the same way whatever they
// sign (a contract, a proposal's version): the typed name and, if they drew
// one, the drawn signature.
import sharp from "sharp";
import { InvalidInputError } from "../../errors";
import { isOneLineText, SIGNING_MESSAGES } from "./consent";

/** The typed name is printed on the certificate as one field: it cannot add lines of its own. */
export function assertTypedName(typedName: string): void {
  if (!isOneLineText(typedName) || typedName.trim().length < 2) {
    throw new InvalidInputError(SIGNING_MESSAGES.nameLine, "fullName");
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A drawn signature re-encoded (never the browser's bytes as they came), small and flat. Only a PNG,
 * as the browser's canvas makes it, known by its bytes: sharp reads many formats (SVG, with its text
 * and links, among them) whatever the label says.
 */
export async function drawnSignaturePng(dataUrl: string | undefined): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const input = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (!input.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new InvalidInputError(SIGNING_MESSAGES.signature, "signature");
  }
  try {
    return await sharp(input, { limitInputPixels: 4_000_000 })
      .resize({ width: 600, height: 240, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
  } catch {
    throw new InvalidInputError(SIGNING_MESSAGES.signature, "signature");
  }
}
