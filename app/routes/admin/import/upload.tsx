// /admin/import: step 1, upload a CSV file; and the recent imports, each undoable.
import { Form, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { IMPORT_KIND_LABELS, IMPORT_KINDS } from "~/domain/import/fields";
import { ImportSteps } from "~/domain/import/components/import-steps";
import { RecentImports } from "~/domain/import/components/recent-imports";
import { Download } from "lucide-react";
import { FieldError } from "~/ui/field";
import { Button, buttonVariants } from "~/ui/button";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { Route } from "./+types/upload";
import { loadImportStart, uploadAction } from "./import.server";

export const meta: Route.MetaFunction = () => [{ title: "Import · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadImportStart(request);
}

export function action({ request }: Route.ActionArgs) {
  return uploadAction(request);
}

export default function ImportUpload({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.message;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="Import"
        description="Bring clients, contacts or projects in from a spreadsheet saved as CSV. Importing the same file again updates the records instead of adding them twice."
      />
      <ImportSteps current={0} />
      <Form method="post" encType="multipart/form-data" className="grid gap-5 rounded-lg border p-4 sm:p-6">
        {/* The kind comes before the file: the server reads the fields sent ahead of it. */}
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">What the rows are</legend>
          {IMPORT_KINDS.map((kind, index) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="radio" name="kind" value={kind} defaultChecked={index === 0} className="size-4" />
              {IMPORT_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor="import-file">CSV file</Label>
          <Input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="import-file-hint"
            aria-invalid={error ? true : undefined}
            aria-errormessage={error ? "import-file-error" : undefined}
          />
          <p id="import-file-hint" className="text-sm text-muted-foreground">
            UTF-8, with or without a byte-order mark; cells separated by commas or semicolons; a header row first. At
            most 10,000 rows, 200 columns and 10 MB.
          </p>
          <FieldError id="import-file-error" errors={error} />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Reading the file…" : "Upload"}
          </Button>
        </div>
      </Form>
      <RecentImports imports={loaderData.imports} />
      {loaderData.canExportEverything ? (
        <section aria-labelledby="export-everything" className="grid gap-3 rounded-lg border p-4 sm:p-6">
          <h2 id="export-everything" className="text-lg font-semibold">
            Export everything
          </h2>
          <p className="text-sm text-muted-foreground">
            One zip file with every record as CSV (clients, contacts, projects, contracts, inquiries, industry types,
            playground options) and all media: for a report, or to take your data elsewhere.
          </p>
          <div>
            {/* A download, not a page: a plain link. */}
            <a href="/admin/export-everything" download className={buttonVariants({ variant: "outline" })}>
              <Download aria-hidden="true" />
              Export everything
            </a>
          </div>
        </section>
      ) : null}
    </div>
  );
}
