// GET /project-book.pdf?q=&industry=&options=…: the project book of the
// Project Library's current filters, made on the server. Staff may always
// download it; visitors when an admin allowed it in Settings → Company (else
// it is not there for them: 404). Never stored by a cache.
import { getUser } from "~/.server/auth/access";
import { env } from "~/.server/env";
import { notFoundText } from "~/.server/http/invariant";
import { libraryQuery } from "~/domain/library/library";
import { describeFilters, loadProjectBook, projectBookIsPublic } from "~/domain/project-book/project-book.server";
import type { Route } from "./+types/project-book";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

async function mayDownload(request: Request): Promise<boolean> {
  if (await projectBookIsPublic()) return true;
  const user = await getUser(request);
  return user?.role === "staff" || user?.role === "admin";
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await mayDownload(request))) {
    return notFoundText(request, "The project book is not available.", PRIVATE);
  }
  const query = libraryQuery(new URL(request.url).searchParams);
  const [book, filters] = await Promise.all([loadProjectBook(query), describeFilters(query)]);
  // pdfkit is loaded at first use: start-up does not need it.
  const { renderProjectBook } = await import("~/domain/project-book/book-pdf.server");
  const pdf = await renderProjectBook(book, { publicUrl: env().PUBLIC_URL ?? null, filters });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": 'attachment; filename="project-book.pdf"',
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
