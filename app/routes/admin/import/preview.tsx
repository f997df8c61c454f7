// /admin/import/:id/preview: step 3, every row checked (errors by row and
// column), what will be created and updated, then the import with its
// progress, and its outcome with the button that undoes it.
import { useEffect } from "react";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { useJobProgress } from "~/components/admin-shell/live-updates";
import { PageHeader } from "~/components/page-header";
import { ImportSteps } from "~/domain/import/components/import-steps";
import type { ActionResult } from "~/lib/action-result";
import { FieldError } from "~/ui/field";
import { Button } from "~/ui/button";
import type { Route } from "./+types/preview";
import { loadPreview, previewAction } from "./import.server";

export const meta: Route.MetaFunction = () => [{ title: "Preview · Import · Playfolio Admin" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadPreview(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return previewAction(request, params.id);
}

const LISTS = { clients: "/admin/clients", contacts: "/admin/contacts", projects: "/admin/projects" } as const;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** While the import runs, its progress is read again twice a second. */
function usePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 500);
    return () => clearTimeout(timer);
  }, [active, revalidate, state]);
}

function Outcome({
  loaderData,
  streamed,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  /** The progress the live stream told, if any. */
  streamed: number | undefined;
}) {
  const { job, kind, fileName } = loaderData;
  const undo = useFetcher<ActionResult>();
  usePolling(job?.state === "running");
  // On the embedded database the import's transaction holds the database: the page after the
  // Import button (and each poll) waits for its end, and only the stream's word comes meanwhile.
  if (job?.state === "running" || (!job && streamed !== undefined)) {
    const percent = Math.round(Math.max(job?.progress ?? 0, streamed ?? 0) * 100);
    return (
      <section className="grid gap-3 rounded-lg border p-4 sm:p-6" aria-live="polite">
        <h2 className="text-lg font-semibold">Importing…</h2>
        <progress value={percent} max={100} aria-label="Import progress" className="h-2 w-full accent-primary" />
        <p className="text-sm text-muted-foreground">{percent}% done. You can leave this page: the import goes on.</p>
      </section>
    );
  }
  if (!job) return null;
  if (job.state === "failed") {
    return (
      <section className="grid gap-3 rounded-lg border border-destructive/50 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">The import did not happen</h2>
        <FieldError errors={job.message} />
        <Form method="post">
          <Button type="submit" name="intent" value="retry" variant="outline">
            Back to the preview
          </Button>
        </Form>
      </section>
    );
  }
  const { outcome } = job;
  const undone = undo.data?.ok === true;
  const refusal = undo.data && !undo.data.ok ? undo.data.message : undefined;
  return (
    <section className="grid gap-3 rounded-lg border p-4 sm:p-6" aria-live="polite">
      <h2 className="text-lg font-semibold">{undone ? "Import undone" : "Imported"}</h2>
      <p className="text-sm">
        {undone
          ? `Everything "${fileName}" created is gone, and what it updated has its values back.`
          : `"${fileName}": ${plural(outcome.created, "record", "records")} created, ${plural(outcome.updated, "record", "records")} updated.`}
      </p>
      <FieldError errors={refusal} />
      <div className="flex flex-wrap gap-3">
        {undone ? null : (
          <undo.Form method="post" action="/admin/history">
            <input type="hidden" name="key" value={`batch:${outcome.batchId}`} />
            <Button type="submit" name="intent" value="undo-import" variant="outline" disabled={undo.state !== "idle"}>
              Undo import
            </Button>
          </undo.Form>
        )}
        <Button asChild variant={undone ? "outline" : "default"}>
          <Link to={LISTS[kind]}>Open the {kind} list</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/admin/import">Import another file</Link>
        </Button>
      </div>
    </section>
  );
}

export default function ImportPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, id, fileName, kind } = loaderData;
  const busy = useNavigation().state === "submitting";
  const hasNew = summary ? summary.newClients.length + summary.newIndustryTypes.length > 0 : false;
  const ended = loaderData.job?.state === "done" || loaderData.job?.state === "failed";
  const streamed = useJobProgress(id, ended);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="Preview and import"
        description={fileName}
        back={{ to: `/admin/import/${id}`, label: "Back to the mapping" }}
      />
      <ImportSteps current={2} />
      <Outcome loaderData={loaderData} streamed={streamed} />
      {summary && (streamed === undefined || ended) ? (
        <>
          <section aria-labelledby="import-summary" className="grid gap-3 rounded-lg border p-4 sm:p-6">
            <h2 id="import-summary" className="text-lg font-semibold">
              {plural(summary.rows, "row", "rows")} read
            </h2>
            <ul className="grid gap-1 text-sm">
              <li>
                {plural(summary.creates, `new ${kind.slice(0, -1)}`, `new ${kind}`)},{" "}
                {plural(summary.updates, `${kind.slice(0, -1)} to update`, `${kind} to update`)}
                {kind === "clients" && summary.contacts
                  ? `, with ${plural(summary.contacts, "contact", "contacts")}`
                  : ""}
              </li>
              {summary.newIndustryTypes.length ? (
                <li>New industry types: {summary.newIndustryTypes.join(", ")}</li>
              ) : null}
              {summary.newClients.length ? (
                <li className="[overflow-wrap:anywhere]">
                  New clients: {summary.newClients.slice(0, 20).join(", ")}
                  {summary.newClients.length > 20 ? ` and ${summary.newClients.length - 20} more` : ""}
                </li>
              ) : null}
            </ul>
          </section>
          {summary.errorCount ? (
            <section aria-labelledby="import-errors" className="grid gap-3">
              <h2 id="import-errors" className="text-lg font-semibold text-destructive">
                {plural(summary.errorCount, "error", "errors")}: nothing can be imported yet
              </h2>
              <p className="text-sm text-muted-foreground">
                Fix these in your file and upload it again, or change the mapping.
                {summary.errorCount > summary.errors.length ? ` The first ${summary.errors.length} are shown.` : ""}
              </p>
              <div className="overflow-x-auto rounded-lg border">
                <table className="w-full text-sm">
                  <caption className="sr-only">Rows with errors</caption>
                  <thead className="bg-muted/50 text-left">
                    <tr>
                      <th scope="col" className="p-2 font-medium">
                        Row
                      </th>
                      <th scope="col" className="p-2 font-medium">
                        Column
                      </th>
                      <th scope="col" className="p-2 font-medium">
                        Problem
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {summary.errors.map((error, i) => (
                      <tr key={i}>
                        <td className="p-2 align-top tabular-nums">{error.row}</td>
                        <td className="p-2 align-top [overflow-wrap:anywhere]">{error.column}</td>
                        <td className="p-2 align-top">{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
          <Form method="post" className="grid gap-4">
            {hasNew ? (
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="createNew" className="mt-0.5 size-4" />
                Create the new {summary.newIndustryTypes.length ? "industry types" : ""}
                {summary.newIndustryTypes.length && summary.newClients.length ? " and " : ""}
                {summary.newClients.length ? "clients" : ""} listed above
              </label>
            ) : null}
            <FieldError errors={actionData?.message} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="import" disabled={busy || summary.errorCount > 0}>
                Import {plural(summary.rows, "row", "rows")}
              </Button>
              <Button asChild variant="outline">
                <Link to={`/admin/import/${id}`}>Change the mapping</Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to="/admin/import">Upload another file</Link>
              </Button>
            </div>
          </Form>
        </>
      ) : null}
    </div>
  );
}
