/** What a list says when it has nothing to show. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">{children}</p>;
}
