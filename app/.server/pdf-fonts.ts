// Noto Sans for the server's PDFs (any Latin, Greek or Cyrillic text, "€", "₹"; the standard fonts are
// Latin-1): the TTFs ship in fonts/ (SIL OFL 1.1), found walking up from app/.server or build/server.
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

export function notoSans(style: FontStyle): Buffer {
  let file = loaded.get(style);
  if (!file) loaded.set(style, (file = fs.readFileSync(path.join(fontsFolder(), FILES[style]))));
  return file;
}
