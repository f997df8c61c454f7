// The pages of a PDF and the text of each, as a reader extracts it (pdf.js):
// proves the text is real, selectable text, not pictures of letters.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
        .join("")
        .replace(/[ \t]+/g, " "),
    );
  }
  await document.destroy();
  return pages;
}

/** The images a PDF page draws (their pixel sizes), to check what was embedded. */
export async function pdfImageCount(data: Uint8Array, page: number): Promise<number> {
  const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const operators = await (await document.getPage(page)).getOperatorList();
  const count = operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
  await document.destroy();
  return count;
}

/** The web links a PDF page carries (link annotations' URLs). */
export async function pdfLinks(data: Uint8Array, page: number): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const annotations = (await (await document.getPage(page)).getAnnotations()) as { subtype: string; url?: string }[];
  await document.destroy();
  return annotations.filter((annotation) => annotation.subtype === "Link" && annotation.url).map((a) => a.url!);
}

/** The document's information dictionary (Title, Author, Creator…). */
export async function pdfInfo(data: Uint8Array): Promise<Record<string, unknown>> {
  const document = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const { info } = await document.getMetadata();
  await document.destroy();
  return info as Record<string, unknown>;
}

export interface TextBox {
  text: string;
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** Where each run of text sits on a PDF page (PDF points, origin bottom left), to check nothing overlaps. */
export async function pdfTextBoxes(data: Uint8Array, page: number): Promise<TextBox[]> {
  const document = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, verbosity: 0 }).promise;
  const content = await (await document.getPage(page)).getTextContent();
  await document.destroy();
  return content.items
    .filter((item) => "str" in item && item.str.trim() !== "")
    .map((item) => {
      const { str, transform, width, height } = item as {
        str: string;
        transform: number[];
        width: number;
        height: number;
      };
      const [left, bottom] = [transform[4]!, transform[5]!];
      return { text: str, left, bottom, right: left + width, top: bottom + height };
    });
}

/** Pairs of text runs on a page whose boxes overlap (a little slack for the fonts' descenders). */
export function overlappingText(boxes: TextBox[], slack = 1): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [index, a] of boxes.entries()) {
    for (const b of boxes.slice(index + 1)) {
      const apart =
        a.right - slack <= b.left ||
        b.right - slack <= a.left ||
        a.top - slack <= b.bottom ||
        b.top - slack <= a.bottom;
      if (!apart) pairs.push([a.text, b.text]);
    }
  }
  return pairs;
}
