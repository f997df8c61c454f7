// /admin/proposals/:id/compare: two versions side by side, for staff — the
// lines added, removed and changed (each change before → after) and the
// totals of each.
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { VersionComparisonView } from "~/domain/proposals/components/version-comparison";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { NativeSelect } from "~/ui/native-select";
import type { Route } from "./+types/compare";
import { loadComparison } from "./compare.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Compare versions · ${data?.proposal.title ?? "Proposal"} · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadComparison(request, params.id);
}

export default function CompareRoute({ loaderData }: Route.ComponentProps) {
  const { proposal, numbers, from, to, compared } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <PageHeader
        title={`Compare versions of ${proposal.title}`}
        description={proposal.clientName}
        back={{ to: `/admin/proposals/${proposal.id}`, label: "Back to the proposal" }}
      />
      {compared ? (
        <>
          <Card aria-label="Versions compared">
            <CardContent>
              <Form method="get" className="flex flex-wrap items-end gap-4">
                <VersionSelect name="from" label="From version" value={from} numbers={numbers} />
                <VersionSelect name="to" label="To version" value={to} numbers={numbers} />
                <Button type="submit" variant="outline">
                  Compare
                </Button>
              </Form>
            </CardContent>
          </Card>
          <VersionComparisonView {...compared} />
        </>
      ) : (
        <p className="text-muted-foreground">
          This proposal has one version: there is nothing to compare yet.{" "}
          <Link className="underline underline-offset-4" to={`/admin/proposals/${proposal.id}`}>
            Back to the proposal
          </Link>
        </p>
      )}
    </div>
  );
}

function VersionSelect({
  name,
  label,
  value,
  numbers,
}: {
  name: string;
  label: string;
  value: number;
  numbers: number[];
}) {
  return (
    <label className="grid gap-1 text-sm font-medium">
      {label}
      <NativeSelect name={name} defaultValue={String(value)} className="w-32">
        {numbers.map((n) => (
          <option key={n} value={n}>
            v{n}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
}
