import { Images } from "lucide-react";
import { PUBLIC_PAGE_CACHE } from "~/.server/http/cache-control";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { listPublishedGalleries } from "~/domain/library/gallery-page.server";
import { getCompanyName } from "~/domain/company/company.server";
import type { RouteHandle } from "~/root";
import { countView } from "~/routes/shared/page-view.server";
import type { Route } from "./+types/galleries";

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Galleries | ${data?.siteName ?? ""}` },
  { name: "description", content: "Collections of the playgrounds and playable spaces we have designed and built." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [galleries, siteName] = await Promise.all([listPublishedGalleries(), getCompanyName()]);
  await countView(context, request, { kind: "page", ref: "galleries" });
  return { galleries, siteName };
}

export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export default function GalleriesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Galleries</h1>
        <p className="text-muted-foreground">Collections of our playground projects.</p>
      </header>
      {loaderData.galleries.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No galleries published yet.
        </p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.galleries.map((gallery, i) => (
            <li
              key={gallery.slug}
              className="relative overflow-hidden rounded-xl border bg-card shadow-sm hover:shadow-md"
            >
              {gallery.cover ? (
                <ResponsiveImage
                  image={gallery.cover}
                  alt=""
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[16/9]"
                  // The first row (three columns at most) loads at once; the rest as they scroll near.
                  priority={i < 3}
                />
              ) : (
                <div className="flex aspect-[16/9] items-center justify-center bg-muted">
                  <Images aria-hidden="true" className="size-10 text-muted-foreground" />
                </div>
              )}
              <div className="grid gap-1 p-4">
                <h2 className="font-semibold">
                  <a
                    href={`/gallery/${gallery.slug}`}
                    className="after:absolute after:inset-0 after:content-[''] hover:underline"
                  >
                    {gallery.name}
                  </a>
                </h2>
                {gallery.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{gallery.description}</p>
                ) : null}
                <p className="text-sm">
                  {gallery.projectCount} {gallery.projectCount === 1 ? "project" : "projects"}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
