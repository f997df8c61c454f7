// /admin/import/:id: step 2, which field each of the file's columns fills
// (guessed from the headers; "Don't import" leaves a column out).
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { IMPORT_KIND_LABELS } from "~/domain/import/fields";
import { ImportSteps } from "~/domain/import/components/import-steps";
import { FieldError } from "~/ui/field";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/mapping";
import { loadMapping, mappingAction } from "./import.server";

export const meta: Route.MetaFunction = () => [{ title: "Map columns · Import · Playfolio Admin" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadMapping(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return mappingAction(request, params.id);
}

export default function ImportMapping({ loaderData, actionData }: Route.ComponentProps) {
  const { fileName, kind, rows, headers, examples, mapping, fields } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="Map columns"
        description={`${fileName}: ${rows.toLocaleString("en-US")} ${rows === 1 ? "row" : "rows"} of ${IMPORT_KIND_LABELS[kind].toLowerCase()}. Choose the field each column fills.`}
        back={{ to: "/admin/import", label: "Back to upload" }}
      />
      <ImportSteps current={1} />
      <Form method="post" className="grid gap-5">
        <ul className="divide-y rounded-lg border">
          {headers.map((header, column) => (
            <li key={column} className="grid gap-2 p-3 sm:grid-cols-[1fr_16rem] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <label htmlFor={`column-${column}`} className="text-sm font-medium [overflow-wrap:anywhere]">
                  {header}
                </label>
                <p className="truncate text-sm text-muted-foreground">{examples[column] || "(empty)"}</p>
              </div>
              <NativeSelect id={`column-${column}`} name={`column-${column}`} defaultValue={mapping[column]}>
                <option value="">Don't import</option>
                {fields.map((field) => (
                  <option key={field.key} value={field.key}>
                    {field.label}
                    {field.required ? " (required)" : ""}
                  </option>
                ))}
              </NativeSelect>
            </li>
          ))}
        </ul>
        <FieldError errors={actionData?.message} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            Preview
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/import">Upload another file</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
