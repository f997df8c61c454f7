// One line of the proposal editor: what it is (name, description, the
// catalogue picture it carries), how much (quantity, unit, unit price,
// discount, tax rate), whether the buyer may leave it out, and its amount.
// Memoised: typing in one line of a 200-line proposal re-renders that line only.
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { memo } from "react";
import type { ImageSources } from "~/lib/image-sources";
import { Button } from "~/ui/button";
import { Field, FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label, Required } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { Textarea } from "~/ui/textarea";
import type { EditorLine } from "../editor";
import { formatMoney, type MoneyFormat } from "../money";

export type LineErrors = Partial<Record<keyof EditorLine, string[]>>;
export type LineChange = (id: string, patch: Partial<EditorLine>) => void;
export type LineCommand = (id: string, command: "up" | "down" | "remove") => void;

const NO_ERRORS: LineErrors = {};

export const EditorLineRow = memo(function EditorLineRow({
  line,
  index,
  number,
  first,
  last,
  amount,
  picture,
  errors = NO_ERRORS,
  money,
  onChange,
  onCommand,
}: {
  line: EditorLine;
  /** Its place in the posted lines (field names). */
  index: number;
  /** Its number as staff read it: Line 1, Line 2… */
  number: number;
  first: boolean;
  last: boolean;
  /** Its amount before tax, or null while it does not read. */
  amount: number | null;
  picture: ImageSources | null;
  errors?: LineErrors;
  money: MoneyFormat;
  onChange: LineChange;
  onCommand: LineCommand;
}) {
  const label = `Line ${number}`;
  const called = line.name.trim() || label;
  const name = (field: string) => `lines[${index}].${field}`;
  const id = (field: string) => `line-${line.id}-${field}`;
  const invalid = (field: keyof EditorLine) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id(field)}-error` : undefined,
  });
  const error = (field: keyof EditorLine) => <FieldError id={`${id(field)}-error`} errors={errors[field]} />;
  const set = (patch: Partial<EditorLine>) => onChange(line.id, patch);
  /** A labelled text input of the line, with its error. */
  const text = (
    field: "name" | "unit" | "quantity" | "unitPrice" | "discount" | "taxRate",
    label: React.ReactNode,
    props: React.ComponentProps<typeof Input> = {},
  ) => (
    <Field className={props.className}>
      <Label htmlFor={id(field)}>{label}</Label>
      <Input
        {...props}
        className={undefined}
        id={id(field)}
        name={name(field)}
        value={line[field]}
        onChange={(event) => set({ [field]: event.target.value })}
        {...invalid(field)}
      />
      {error(field)}
    </Field>
  );
  const commands = [
    { command: "up", label: `Move ${called} up`, icon: ArrowUp, disabled: first },
    { command: "down", label: `Move ${called} down`, icon: ArrowDown, disabled: last },
    { command: "remove", label: `Remove ${called}`, icon: Trash2, disabled: false },
  ] as const;
  return (
    <li className="rounded-md border p-3">
      <div role="group" aria-label={label}>
        <input type="hidden" name={name("id")} value={line.id} />
        <input type="hidden" name={name("sectionId")} value={line.sectionId} />
        <input type="hidden" name={name("optionId")} value={line.optionId} />
        <div className="flex items-start gap-3">
          {picture ? (
            <img
              src={picture.src}
              srcSet={picture.srcSet}
              sizes="64px"
              width={picture.width}
              height={picture.height}
              alt=""
              loading="lazy"
              className="size-16 shrink-0 rounded object-cover"
            />
          ) : null}
          <div className="grid min-w-0 flex-1 gap-3">
            <div className="flex flex-wrap items-end gap-3">
              {text(
                "name",
                <>
                  <Required>Name</Required>
                  {line.optionId ? (
                    <span className="text-xs font-normal text-muted-foreground">From the catalogue</span>
                  ) : null}
                </>,
                { className: "min-w-48 flex-1", maxLength: 200 },
              )}
              <div className="flex gap-1">
                {commands.map(({ command, label: action, icon: Icon, disabled }) => (
                  <Button
                    key={command}
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={action}
                    disabled={disabled}
                    onClick={() => onCommand(line.id, command)}
                  >
                    <Icon aria-hidden="true" />
                  </Button>
                ))}
              </div>
            </div>
            <Field>
              <Label htmlFor={id("description")}>Description</Label>
              <Textarea
                id={id("description")}
                name={name("description")}
                value={line.description}
                rows={2}
                maxLength={2000}
                onChange={(event) => set({ description: event.target.value })}
                {...invalid("description")}
              />
              {error("description")}
            </Field>
            <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {text("quantity", <Required>Quantity</Required>, { inputMode: "decimal" })}
              {text("unit", "Unit", { maxLength: 20, placeholder: "each, m², day" })}
              {text("unitPrice", <Required>{`Unit price (${money.currency})`}</Required>, { inputMode: "decimal" })}
              <Field>
                <Label htmlFor={id("discountKind")}>Discount</Label>
                <NativeSelect
                  id={id("discountKind")}
                  name={name("discountKind")}
                  value={line.discountKind}
                  onChange={(event) =>
                    set({ discountKind: event.target.value as EditorLine["discountKind"], discount: "" })
                  }
                  {...invalid("discountKind")}
                >
                  <option value="none">None</option>
                  <option value="percent">Percent</option>
                  <option value="amount">Amount</option>
                </NativeSelect>
                {error("discountKind")}
              </Field>
              {line.discountKind === "none"
                ? null
                : text(
                    "discount",
                    <Required>
                      {line.discountKind === "percent" ? "Discount (%)" : `Discount (${money.currency})`}
                    </Required>,
                    { inputMode: "decimal" },
                  )}
              {text("taxRate", <Required>Tax rate (%)</Required>, { inputMode: "decimal" })}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <input
                  type="checkbox"
                  id={id("optional")}
                  name={name("optional")}
                  checked={line.optional}
                  className="size-4 accent-primary"
                  onChange={(event) => set({ optional: event.target.checked })}
                />
                <Label htmlFor={id("optional")} className="font-normal">
                  Optional: the buyer may choose it
                </Label>
              </div>
              <p className="text-sm tabular-nums">
                <span className="text-muted-foreground">
                  {line.optional ? "Optional, before tax: " : "Before tax: "}
                </span>
                <span className="font-medium">{amount === null ? "—" : formatMoney(amount, money)}</span>
              </p>
            </div>
            {errors.id || errors.sectionId ? (
              <FieldError errors={[...(errors.id ?? []), ...(errors.sectionId ?? [])]} />
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
});
