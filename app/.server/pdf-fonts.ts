// Noto Sans for the PDFs the server draws (certificates, printable documents):
// any Latin, Greek or Cyrillic name, "1 234,50 €" and "₹" print as typed, which
// the standard PDF fonts (Latin-1) cannot. The TTFs ship in the repository's
// fonts/ folder with their licence (SIL OFL 1.1, fonts/OFL.txt); it is found by
// walking up from this module, as it runs from app/.server or from build/server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type FontStyle = "regular" | "bold" | "italic";

const FILES: Record<FontStyle, string> = {
  regular: "NotoSans-Regular.ttf",
  bold: "NotoSans-Bold.ttf",
  italic: "NotoSans-Italic.ttf",
};

function fontsFolder(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "fonts");
    if (fs.existsSync(path.join(candidate, FILES.regular))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("Cannot find the fonts/ folder of Noto Sans");
  }
}

const loaded = new Map<FontStyle, Buffer>();

/** The TTF of one style of Noto Sans, read once. */
export function notoSans(style: FontStyle): Buffer {
  let file = loaded.get(style);
  if (!file) loaded.set(style, (file = fs.readFileSync(path.join(fontsFolder(), FILES[style]))));
  return file;
}
