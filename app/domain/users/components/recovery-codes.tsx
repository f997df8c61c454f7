// Ten recovery codes, shown once: each signs in once in place of a code from the app.
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-2 rounded-md border p-4">
      <h2 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm text-muted-foreground">
        Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.
      </p>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
