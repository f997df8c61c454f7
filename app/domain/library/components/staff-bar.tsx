// What signed-in staff see above a public page: on unpublished work a clear
// "Preview — not public" bar, elsewhere one small link back to the admin.
// Plain server-rendered markup (the public pages do not hydrate), never sent
// to visitors: the page that carries it is private (see staff-view.server.ts).
import { ArrowLeft, EyeOff } from "lucide-react";

export interface StaffView {
  /** The page shows unpublished work: visitors get 'Project not found'. */
  preview: boolean;
  /** The admin page of what is shown (the project's form, the gallery). */
  adminHref: string;
}

export function StaffBar({ staff }: { staff: StaffView | null | undefined }) {
  if (!staff) return null;
  if (staff.preview) {
    return (
      <aside aria-label="Staff preview" data-staff-bar className="border-b border-amber-300 bg-amber-50 text-amber-950">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 text-sm sm:px-6">
          <p className="flex items-start gap-2">
            <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">Preview — not public.</strong> Visitors get &lsquo;Project not
              found&rsquo; until Show in Gallery is on or the project is in a published gallery.
            </span>
          </p>
          <a
            href={staff.adminHref}
            className="inline-flex items-center gap-1.5 rounded-md border border-amber-400 bg-white px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the admin
          </a>
        </div>
      </aside>
    );
  }
  return (
    <aside aria-label="Staff" data-staff-bar className="border-b bg-muted/60">
      <div className="mx-auto flex max-w-7xl justify-end px-4 py-1 text-xs sm:px-6">
        <a
          href={staff.adminHref}
          className="inline-flex items-center gap-1 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-3" />
          Back to the admin
        </a>
      </div>
    </aside>
  );
}
