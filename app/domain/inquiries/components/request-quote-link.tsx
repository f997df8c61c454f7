// "Request a playground like this": the slot on public project and gallery
// pages. A plain link to the inquiry form, so inside an iframe it opens there
// (the parent page is never navigated) and the cached page carries nothing
// per visitor.
import { MessageSquareText } from "lucide-react";
import { buttonVariants } from "~/ui/button";

export const projectInquiryPath = (projectId: string) => `/projects/${projectId}/inquiry`;
export const galleryInquiryPath = (slug: string) => `/gallery/${encodeURIComponent(slug)}/inquiry`;

export function RequestQuoteLink({ href }: { href: string }) {
  return (
    <aside aria-label="Request a quote" className="mx-auto w-full max-w-6xl px-4 pb-10 sm:px-6">
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-semibold">Would you like one like this?</p>
        <a href={href} data-inquiry className={buttonVariants({ size: "lg" })}>
          <MessageSquareText aria-hidden="true" />
          Request a playground like this
        </a>
      </div>
    </aside>
  );
}

/** The slot of a project or gallery page: nothing when the page has no project or gallery. */
export function RequestQuoteSlot(props: { project?: { id: string } | null; gallery?: { slug: string } | null }) {
  if (props.project) return <RequestQuoteLink href={projectInquiryPath(props.project.id)} />;
  if (props.gallery) return <RequestQuoteLink href={galleryInquiryPath(props.gallery.slug)} />;
  return null;
}
