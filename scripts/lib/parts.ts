// `--help` and `--only A,B` for a command made of named parts (the bench's, the probes'): answers the
// parts asked for (all by default), or prints the list or the mistake and exits.
export function chosenParts(usage: string, parts: Record<string, string>): string[] {
  const args = process.argv.slice(2);
  const names = Object.keys(parts);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(`${usage}\n`);
    const width = Math.max(...names.map((name) => name.length));
    for (const [name, about] of Object.entries(parts)) console.log(`  ${name.padEnd(width)}  ${about}`);
    process.exit(0);
  }
  const at = args.indexOf("--only");
  const only = at < 0 ? names : (args[at + 1]?.split(",").filter(Boolean) ?? []);
  const unknown = args.filter((_arg, i) => at < 0 || (i !== at && i !== at + 1));
  const missing = only.filter((part) => !names.includes(part));
  if (unknown.length > 0 || missing.length > 0 || only.length === 0) {
    const mistake = unknown.length
      ? `Unknown argument: ${unknown.join(" ")}`
      : `No such part: ${missing.join(", ") || "(none given)"}`;
    console.error(`${mistake}. Parts: ${names.join(", ")} (--help says what each does)`);
    process.exit(1);
  }
  return only;
}
