// The story of a case study (the brief, our solution, the result) and the
// client's quote. Staff type plain text: blank lines make paragraphs, single
// line breaks stay; React escapes it all, so no markup from the form reaches
// the page.
import { Quote } from "lucide-react";
import type { PublicProject } from "../project-page";

const PARTS = [
  { key: "brief", title: "The brief" },
  { key: "solution", title: "Our solution" },
  { key: "result", title: "The result" },
] as const;

export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, i) => (
          <p key={i} className={className ?? "whitespace-pre-line"}>
            {paragraph}
          </p>
        ))}
    </>
  );
}

export function ProjectStory({ project }: { project: PublicProject }) {
  const parts = PARTS.filter((part) => project.story[part.key]);
  return (
    <div className="grid content-start gap-10">
      {project.description ? (
        <div className="grid gap-4 text-lg leading-relaxed text-pretty sm:text-xl">
          <Paragraphs text={project.description} />
        </div>
      ) : null}
      {parts.map((part) => (
        <section key={part.key} aria-labelledby={`story-${part.key}`} className="grid gap-3">
          <h2 id={`story-${part.key}`} className="text-2xl font-semibold tracking-tight">
            {part.title}
          </h2>
          <div className="grid max-w-prose gap-4 leading-relaxed text-pretty">
            <Paragraphs text={project.story[part.key]!} />
          </div>
        </section>
      ))}
      {project.quote ? <ClientQuote quote={project.quote} clientName={project.client.name} /> : null}
    </div>
  );
}

function ClientQuote({ quote, clientName }: { quote: NonNullable<PublicProject["quote"]>; clientName: string }) {
  return (
    <figure className="relative grid gap-4 rounded-2xl bg-primary/5 p-6 sm:p-8">
      <Quote aria-hidden="true" className="size-9 fill-primary/15 text-primary" />
      <blockquote className="grid gap-3 text-xl leading-snug font-medium text-balance sm:text-2xl">
        <Paragraphs text={quote.text} />
      </blockquote>
      <figcaption className="text-sm">
        <span className="font-semibold">{quote.author}</span>
        <span className="text-muted-foreground">
          {quote.role ? `, ${quote.role}` : ""}, {clientName}
        </span>
      </figcaption>
    </figure>
  );
}
