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
