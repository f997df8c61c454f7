// The proposal editor: its title, valid-until date, project, introduction and
// terms, and its sections with their lines (from the catalogue or free). The
// lines live in the page's state and post together on Save (no request per
// line); the totals are previewed as staff type with the arithmetic the server
// records, and checked with the same schema before posting, so a refused save
// keeps everything typed and says why beside each field.
import { Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useNavigation } from "react-router";
import { UnsavedChangesDialog, useUnsavedChanges } from "~/components/unsaved-changes";
import type { ActionResult } from "~/lib/action-result";
import type { ImageSources } from "~/lib/image-sources";
import { randomUuid } from "~/lib/uuid";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label, Required } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { VersionContent } from "../content";
import {
  type EditorLine,
  type EditorSection,
  editorErrors,
  postedValues,
  previewPricing,
  typedLine,
  typedSections,
} from "../editor";
import { formatMoney, type MoneyFormat } from "../money";
import type { ProposalPricing } from "../totals";
import { EditorLineRow, type LineCommand, type LineErrors } from "./editor-line";
import { ProposalTotals } from "./proposal-totals";

export interface CatalogueChoice {
  id: string;
  name: string;
  category: string;
  description: string | null;
  image: ImageSources | null;
}

export interface EditorProposal {
  id: string;
  title: string;
  validUntil: string | null;
  projectId: string | null;
  version: string;
}

interface Head {
  title: string;
  validUntil: string;
  projectId: string;
  introduction: string;
  terms: string;
}

interface State {
  head: Head;
  sections: EditorSection[];
  lines: EditorLine[];
}

type Action =
  | { type: "head"; patch: Partial<Head> }
  | { type: "add-section"; section: EditorSection }
  | { type: "section"; id: string; patch: Partial<EditorSection> }
  | { type: "move-section"; id: string; by: -1 | 1 }
  | { type: "remove-section"; id: string }
  | { type: "add-line"; line: EditorLine }
  | { type: "line"; id: string; patch: Partial<EditorLine> }
  | { type: "move-line"; id: string; by: -1 | 1 }
  | { type: "remove-line"; id: string };

function swap<T>(items: T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case "head":
      return { ...state, head: { ...state.head, ...action.patch } };
    case "add-section":
      return { ...state, sections: [...state.sections, action.section] };
    case "section":
      return {
        ...state,
        sections: state.sections.map((section) =>
          section.id === action.id ? { ...section, ...action.patch } : section,
        ),
      };
    case "move-section": {
      const at = state.sections.findIndex((section) => section.id === action.id);
      return { ...state, sections: swap(state.sections, at, at + action.by) };
    }
    case "remove-section":
      return {
        ...state,
        sections: state.sections.filter((section) => section.id !== action.id),
        lines: state.lines.filter((line) => line.sectionId !== action.id),
      };
    case "add-line":
      return { ...state, lines: [...state.lines, action.line] };
    case "line":
      return {
        ...state,
        lines: state.lines.map((line) => (line.id === action.id ? { ...line, ...action.patch } : line)),
      };
    case "move-line": {
      const at = state.lines.findIndex((line) => line.id === action.id);
      const sectionId = state.lines[at]?.sectionId;
      // The neighbour in the same section (lines of other sections may lie between in the array).
      let to = at + action.by;
      while (to >= 0 && to < state.lines.length && state.lines[to]!.sectionId !== sectionId) to += action.by;
      return { ...state, lines: swap(state.lines, at, to) };
    }
    case "remove-line":
      return { ...state, lines: state.lines.filter((line) => line.id !== action.id) };
  }
}

/** The lines in print order: section by section. */
function ordered(state: State): EditorLine[] {
  const bySection = new Map<string, EditorLine[]>(state.sections.map((section) => [section.id, []]));
  for (const line of state.lines) bySection.get(line.sectionId)?.push(line);
  return [...bySection.values()].flat();
}

function groupBySection(sections: EditorSection[], lines: EditorLine[]) {
  let start = 0;
  return sections.map((section) => {
    const own = lines.filter((line) => line.sectionId === section.id);
    const group = { section, lines: own, start };
    start += own.length;
    return group;
  });
}

const LINE_FIELDS = new Set<string>([
  "id",
  "sectionId",
  "optionId",
  "name",
  "description",
  "unit",
  "quantity",
  "unitPrice",
  "discountKind",
  "discount",
  "taxRate",
]);

/** The errors of each line by its id, from the form's errors by field name. */
function errorsByLine(errors: Record<string, string[]>, lines: EditorLine[]): Map<string, LineErrors> {
  const found = new Map<string, LineErrors>();
  for (const [name, messages] of Object.entries(errors)) {
    const match = /^lines\[(\d+)\]\.(\w+)$/.exec(name);
    const line = match ? lines[Number(match[1])] : undefined;
    if (!line || !LINE_FIELDS.has(match![2]!)) continue;
    const entry = found.get(line.id) ?? {};
    entry[match![2] as keyof EditorLine] = messages;
    found.set(line.id, entry);
  }
  return found;
}

export function ProposalEditor({
  proposal,
  content,
  projects,
  catalogue,
  pictures,
  money,
  pricing,
  answer,
}: {
  proposal: EditorProposal;
  content: VersionContent;
  /** The client's projects. */
  projects: { id: string; title: string }[];
  catalogue: CatalogueChoice[];
  /** The saved lines' pictures, by line id. */
  pictures: Record<string, ImageSources>;
  money: MoneyFormat;
  /** The saved draft's totals, as the server priced them. */
  pricing: ProposalPricing;
  answer?: ActionResult;
}) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useReducer(reduce, undefined, () => ({
    head: {
      title: proposal.title,
      validUntil: proposal.validUntil ?? "",
      projectId: proposal.projectId ?? "",
      introduction: content.introduction ?? "",
      terms: content.terms ?? "",
    },
    sections: typedSections(content),
    lines: content.lines.map((line) => typedLine(line, money)),
  }));
  const [initial] = useState(state);
  const lines = useMemo(() => ordered(state), [state]);
  const version = answer?.version ?? proposal.version;

  // Errors: the server's answer's, until staff change something after a refused save; then the browser's own check.
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ answer?: ActionResult; errors: Record<string, string[]> }>({
    answer,
    errors: (answer?.result?.error as Record<string, string[]> | undefined) ?? {},
  });
  if (answer !== serverErrors.answer) {
    setServerErrors({ answer, errors: (answer?.result?.error as Record<string, string[]> | undefined) ?? {} });
    setChecked(false);
  }
  const posted = useMemo(
    () => postedValues({ head: { ...state.head, version }, sections: state.sections, lines }),
    [state, lines, version],
  );
  const errors = useMemo(
    () => (checked ? (editorErrors(money, posted) ?? {}) : serverErrors.errors),
    [checked, money, posted, serverErrors],
  );
  const lineErrors = useMemo(() => errorsByLine(errors, lines), [errors, lines]);
  const formErrors = [...(errors[""] ?? []), ...(errors.lines ?? []), ...(errors.sections ?? [])];

  const changed = state !== initial;
  const preview = useMemo(() => previewPricing(lines, money), [lines, money]);
  const shown = changed ? preview.pricing : pricing;
  const amounts = useMemo(() => new Map(preview.pricing?.lines.map((line) => [line.id, line.taxable])), [preview]);

  // After adding a line or a section, its first field takes the focus.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const setFocus = (id: string) => (focusNext.current = id);

  const onLineChange = useCallback(
    (id: string, patch: Partial<EditorLine>) => dispatch({ type: "line", id, patch }),
    [],
  );
  const onLineCommand: LineCommand = useCallback((id, command) => {
    if (command === "remove") dispatch({ type: "remove-line", id });
    else dispatch({ type: "move-line", id, by: command === "up" ? -1 : 1 });
  }, []);

  const { blocker, trackChanges } = useUnsavedChanges(formRef);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const input = (field: keyof Head) => ({
    id: `proposal-${field}`,
    name: field,
    value: state.head[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `proposal-${field}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      dispatch({ type: "head", patch: { [field]: event.target.value } }),
  });
  const fieldError = (field: keyof Head) => <FieldError id={`proposal-${field}-error`} errors={errors[field]} />;
  const lastTaxRate = state.lines.at(-1)?.taxRate ?? "0";

  const addLine = (sectionId: string, option?: CatalogueChoice) => {
    const line: EditorLine = {
      id: randomUuid(),
      sectionId,
      optionId: option?.id ?? "",
      name: option?.name ?? "",
      description: option?.description ?? "",
      unit: "",
      quantity: "1",
      unitPrice: "",
      discountKind: "none",
      discount: "",
      taxRate: lastTaxRate,
      optional: false,
    };
    dispatch({ type: "add-line", line });
    setFocus(option ? `line-${line.id}-unitPrice` : `line-${line.id}-name`);
  };

  const catalogueById = useMemo(() => new Map(catalogue.map((option) => [option.id, option])), [catalogue]);
  const pictureOf = (line: EditorLine) =>
    line.optionId ? (pictures[line.id] ?? catalogueById.get(line.optionId)?.image ?? null) : null;

  // Each section's lines and where they start in the posted lines.
  const groups = useMemo(() => groupBySection(state.sections, lines), [state.sections, lines]);

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      {...trackChanges}
      onSubmit={(event) => {
        const found = editorErrors(money, posted);
        if (!found) return;
        event.preventDefault();
        flushSync(() => setChecked(true));
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }}
      className="grid gap-6"
    >
      <input type="hidden" name="version" value={version} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Proposal</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field>
            <Label htmlFor="proposal-title">
              <Required>Title</Required>
            </Label>
            <Input {...input("title")} maxLength={200} />
            {fieldError("title")}
          </Field>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field>
              <Label htmlFor="proposal-validUntil">Valid until</Label>
              <Input {...input("validUntil")} type="date" />
              {fieldError("validUntil")}
            </Field>
            <Field>
              <Label htmlFor="proposal-projectId">Project</Label>
              <NativeSelect {...input("projectId")}>
                <option value="">No project</option>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.title}
                  </option>
                ))}
              </NativeSelect>
              {fieldError("projectId")}
            </Field>
          </div>
          <Field>
            <Label htmlFor="proposal-introduction">Introduction</Label>
            <Textarea {...input("introduction")} rows={4} maxLength={10_000} />
            {fieldError("introduction")}
          </Field>
        </CardContent>
      </Card>

      {groups.map(({ section, lines: sectionLines, start }, at) => {
        return (
          <SectionCard
            key={section.id}
            section={section}
            index={at}
            first={at === 0}
            last={at === state.sections.length - 1}
            lineCount={sectionLines.length}
            subtotal={shown?.sections.find((totals) => totals.sectionId === section.id)?.taxable ?? 0}
            errors={errors}
            money={money}
            catalogue={catalogue}
            dispatch={dispatch}
            onAddLine={addLine}
          >
            {sectionLines.map((line, offset) => (
              <EditorLineRow
                key={line.id}
                line={line}
                index={start + offset}
                number={start + offset + 1}
                first={offset === 0}
                last={offset === sectionLines.length - 1}
                amount={amounts.get(line.id) ?? null}
                picture={pictureOf(line)}
                errors={lineErrors.get(line.id)}
                money={money}
                onChange={onLineChange}
                onCommand={onLineCommand}
              />
            ))}
          </SectionCard>
        );
      })}

      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const id = randomUuid();
            dispatch({ type: "add-section", section: { id, title: "", description: "" } });
            setFocus(`section-${id}-title`);
          }}
        >
          <Plus aria-hidden="true" />
          Add section
        </Button>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Terms</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Field>
            <Label htmlFor="proposal-terms">Terms</Label>
            <Textarea {...input("terms")} rows={5} maxLength={20_000} />
            {fieldError("terms")}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Totals</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {shown ? <ProposalTotals pricing={shown} money={money} /> : null}
          {changed ? (
            <p className="text-sm text-muted-foreground" role="status">
              {preview.unread
                ? `Not saved yet. ${preview.unread} ${preview.unread === 1 ? "line does" : "lines do"} not read yet and ${preview.unread === 1 ? "is" : "are"} left out.`
                : "Not saved yet: the totals as they will be saved."}
            </p>
          ) : null}
          <FieldError id="proposal-editor-error" errors={formErrors} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={`/admin/proposals/${proposal.id}`}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save draft"}
            </Button>
          </div>
        </CardContent>
      </Card>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}

function SectionCard({
  section,
  index,
  first,
  last,
  lineCount,
  subtotal,
  errors,
  money,
  catalogue,
  dispatch,
  onAddLine,
  children,
}: {
  section: EditorSection;
  index: number;
  first: boolean;
  last: boolean;
  lineCount: number;
  subtotal: number;
  errors: Record<string, string[]>;
  money: MoneyFormat;
  catalogue: CatalogueChoice[];
  dispatch: React.Dispatch<Action>;
  onAddLine: (sectionId: string, option?: CatalogueChoice) => void;
  children: React.ReactNode;
}) {
  const [choice, setChoice] = useState("");
  const id = (field: string) => `section-${section.id}-${field}`;
  const name = (field: string) => `sections[${index}].${field}`;
  const called = section.title.trim() || `Section ${index + 1}`;
  const error = (field: string) => errors[name(field)];
  const categories = useMemo(() => [...new Set(catalogue.map((option) => option.category))], [catalogue]);
  return (
    <Card role="region" aria-label={called}>
      <CardContent className="grid gap-4">
        <input type="hidden" name={name("id")} value={section.id} />
        <div className="flex flex-wrap items-end gap-3">
          <Field className="min-w-48 flex-1">
            <Label htmlFor={id("title")}>
              <Required>Section title</Required>
            </Label>
            <Input
              id={id("title")}
              name={name("title")}
              value={section.title}
              maxLength={100}
              placeholder="Equipment, Surfacing, Installation"
              aria-invalid={error("title") ? true : undefined}
              aria-describedby={error("title") ? `${id("title")}-error` : undefined}
              onChange={(event) => dispatch({ type: "section", id: section.id, patch: { title: event.target.value } })}
            />
            <FieldError id={`${id("title")}-error`} errors={error("title")} />
          </Field>
          <div className="flex flex-wrap gap-1">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={first}
              onClick={() => dispatch({ type: "move-section", id: section.id, by: -1 })}
            >
              Move section up
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={last}
              onClick={() => dispatch({ type: "move-section", id: section.id, by: 1 })}
            >
              Move section down
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-destructive"
              onClick={() => dispatch({ type: "remove-section", id: section.id })}
            >
              {lineCount
                ? `Remove section and its ${lineCount} ${lineCount === 1 ? "line" : "lines"}`
                : "Remove section"}
            </Button>
          </div>
        </div>
        <Field>
          <Label htmlFor={id("description")}>Section description</Label>
          <Input
            id={id("description")}
            name={name("description")}
            value={section.description}
            maxLength={300}
            aria-invalid={error("description") ? true : undefined}
            aria-describedby={error("description") ? `${id("description")}-error` : undefined}
            onChange={(event) =>
              dispatch({ type: "section", id: section.id, patch: { description: event.target.value } })
            }
          />
          <FieldError id={`${id("description")}-error`} errors={error("description")} />
        </Field>
        {lineCount ? (
          <ol className="grid gap-3">{children}</ol>
        ) : (
          <p className="text-sm text-muted-foreground">No lines yet.</p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="button" variant="outline" onClick={() => onAddLine(section.id)}>
            <Plus aria-hidden="true" />
            Add line
          </Button>
          {catalogue.length ? (
            <div className="flex flex-wrap items-end gap-2">
              <Field>
                <Label htmlFor={id("catalogue")}>Catalogue option</Label>
                <NativeSelect id={id("catalogue")} value={choice} onChange={(event) => setChoice(event.target.value)}>
                  <option value="">Choose an option</option>
                  {categories.map((category) => (
                    <optgroup key={category} label={category}>
                      {catalogue
                        .filter((option) => option.category === category)
                        .map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.name}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </NativeSelect>
              </Field>
              <Button
                type="button"
                variant="outline"
                disabled={!choice}
                onClick={() => {
                  const option = catalogue.find((candidate) => candidate.id === choice);
                  if (option) onAddLine(section.id, option);
                  setChoice("");
                }}
              >
                Add from catalogue
              </Button>
            </div>
          ) : null}
          <p className="ml-auto text-sm tabular-nums">
            <span className="text-muted-foreground">Section subtotal, before tax: </span>
            <span className="font-medium">{formatMoney(subtotal, money)}</span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
