import { privateEmbeddablePage } from "~/.server/http/embeddable";
import { InquiryPage } from "~/domain/inquiries/components/inquiry-page";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { PublicShell } from "~/domain/library/components/public-shell";
import { libraryQuery } from "~/domain/library/library";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/page";
import { inquiryAction, type InquiryTarget, loadInquiryPage } from "./inquiry.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [privateEmbeddablePage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.source ? `Request a playground like this · ${data.source.title}` : "Page not found" },
  { name: "robots", content: "noindex" },
];

// /projects/:id/inquiry or /gallery/:slug/inquiry (see routes.ts).
const targetOf = (params: Route.LoaderArgs["params"]): InquiryTarget =>
  "slug" in params ? { gallerySlug: params.slug } : { projectId: params.id };

export function loader({ request, params }: Route.LoaderArgs) {
  return loadInquiryPage(request, targetOf(params));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return inquiryAction(request, context, targetOf(params));
}

export default function InquiryRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { chrome, staff, ...page } = loaderData;
  return (
    <EmbedFrame>
      <PublicShell chrome={chrome} query={libraryQuery(new URLSearchParams())} staff={staff}>
        <InquiryPage {...page} sent={actionData?.ok ?? false} result={actionData?.result} />
      </PublicShell>
    </EmbedFrame>
  );
}
