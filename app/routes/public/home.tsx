import { Link } from "react-router";
import { Logo } from "~/ui/logo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Project Library · Playfolio" },
  { name: "description", content: "Custom playgrounds and playable installations we have designed and built." },
];

// The Project Library itself arrives with its own issue; until then the front
// door says what this is and where staff sign in.
export default function HomePage() {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <Link to="/" className="flex items-center gap-2">
            <Logo className="size-8" />
            <span className="text-lg font-semibold">Project Library</span>
          </Link>
          <Link to="/admin" className="ml-auto text-sm font-medium text-primary underline-offset-4 hover:underline">
            Staff portal
          </Link>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Project Library</h1>
        <p className="max-w-prose text-muted-foreground">
          Our library of custom playgrounds and playable installations is being prepared. Please check back soon.
        </p>
      </main>
    </div>
  );
}
