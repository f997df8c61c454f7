// The page of the public inquiry form: what it is about, the form, or the
// thanks once sent. It lives inside the embed frame when framed.
import type { SubmissionResult } from "@conform-to/react";
import { CheckCircle2 } from "lucide-react";
import { INQUIRY_MESSAGES } from "../schema";
import { InquiryForm } from "./inquiry-form";

export function InquiryPage({
  source,
  backHref,
  stamp,
  site,
  sent,
  result,
}: {
  source: { kind: "project" | "gallery"; title: string } | null;
  backHref: string;
  stamp: string;
  site?: string | null;
  sent: boolean;
  result?: SubmissionResult<string[]>;
}) {
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6">
      {!source ? (
        <>
          <h1 className="text-2xl font-bold">Page not found</h1>
          <p className="text-muted-foreground">This project or gallery is not available.</p>
        </>
      ) : (
        <>
          <header className="grid gap-1">
            <h1 className="text-2xl font-bold tracking-tight">Request a playground like this</h1>
            <p className="text-muted-foreground">
              About the {source.kind}:{" "}
              <a href={backHref} className="font-medium text-foreground underline">
                {source.title}
              </a>
            </p>
          </header>
          {sent ? (
            <div role="status" className="flex items-start gap-3 rounded-xl border bg-muted/40 p-6">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p>{INQUIRY_MESSAGES.thanks}</p>
            </div>
          ) : (
            <>
              <p>
                Tell us about your site and who will play there, and we will get back to you with ideas and a quote.
              </p>
              <InquiryForm stamp={stamp} site={site} result={result} />
            </>
          )}
        </>
      )}
    </main>
  );
}
