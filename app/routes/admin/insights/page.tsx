import { ProposalInsightsSection } from "~/domain/proposals/components/proposal-insights";
import { InsightsPage } from "~/domain/views/components/insights-page";
import type { Route } from "./+types/page";
import { loadInsights } from "./page.server";

export const meta: Route.MetaFunction = () => [{ title: "Insights · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadInsights(request);
}

export default function InsightsRoute({ loaderData }: Route.ComponentProps) {
  const { insights, proposals, locale } = loaderData;
  return (
    <InsightsPage insights={insights}>
      <ProposalInsightsSection insights={proposals} period={insights.period} locale={locale} />
    </InsightsPage>
  );
}
