// An edit form whose record someone else saved while it was open: the form
// keeps what was typed and the version it was opened with (so saving is still
// refused as stale, and nothing is overwritten unseen), and says who changed
// what: "Changed by Anna just now — review before saving". Its page learns of
// the save through live updates (admin-shell/live-updates.tsx), which re-run
// the page's loader: the record's version moves, the form's does not.
import { useState } from "react";
import { useNavigation } from "react-router";
import { useLiveChanges } from "./admin-shell/live-updates";

/** A form field's text, for telling what changed. */
export type FieldTexts = Record<string, string>;

export interface ChangedUnderneath {
  /** The version the form saves against: the one it was opened with, or the one a conflict answer gave it. */
  version: string | undefined;
  /** Set when the record changed since: who (null when unknown) and the labels and new texts of what changed. */
  change: { who: string | null; fields: { label: string; now: string }[] } | null;
}

const shown = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function useChangedUnderneath(record: {
  kind: string;
  id: string | undefined;
  /** The record's version as its loader last read it. */
  version: string | undefined;
  /** The version a conflict answer gave the form (saving again overwrites on purpose). */
  answerVersion: string | undefined;
  texts: FieldTexts;
  labels: Record<string, string>;
}): ChangedUnderneath {
  const [opened] = useState({ version: record.version, texts: record.texts });
  const live = useLiveChanges();
  const version = record.answerVersion ?? opened.version;
  const moved = record.id !== undefined && record.version !== opened.version && record.version !== record.answerVersion;
  if (!moved || record.id === undefined) return { version, change: null };
  const fields = Object.entries(record.labels)
    .filter(([name]) => (opened.texts[name] ?? "") !== (record.texts[name] ?? ""))
    .map(([name, label]) => ({ label, now: shown(record.texts[name] ?? "") }));
  const who = live.lastChange(record.kind, record.id)?.actor?.name ?? null;
  return { version, change: { who, fields } };
}

export function ChangedUnderneathBanner({ change }: { change: ChangedUnderneath["change"] }) {
  if (!change) return null;
  return (
    <div
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-medium">Changed by {change.who ?? "someone else"} just now — review before saving</p>
      {change.fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {change.fields.map((field) => (
            <li key={field.label}>
              {field.label}: {field.now ? `now “${field.now}”` : "now empty"}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A key for an edit form on a page that stays open after its own writes (a contract's signing
 * actions, a contact's portal access, Company): it moves to the record's new version when one of
 * this page's own saves succeeds, so the form starts again from what that save made (values and
 * version); others' saves leave it, and the form says what they changed instead. The answer comes
 * before the page's data is re-read: the key moves once the version does, or stays if the write
 * did not move it.
 */
export function useOwnSaveKey(answer: { ok: boolean } | undefined, version: string | undefined): string {
  const navigation = useNavigation();
  const current = version ?? "new";
  const [own, setOwn] = useState({ answer, key: current, waiting: false });
  // Adjusting state while rendering (React's pattern for state derived from props).
  if (answer?.ok && answer !== own.answer) {
    const moved = current !== own.key;
    setOwn({ answer, key: moved ? current : own.key, waiting: !moved });
  } else if (own.waiting && current !== own.key) {
    setOwn({ ...own, key: current, waiting: false });
  } else if (own.waiting && navigation.state === "idle") {
    setOwn({ ...own, waiting: false });
  }
  return own.key;
}
