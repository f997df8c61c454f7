import { InsightsPage } from "~/domain/views/components/insights-page";
import type { Route } from "./+types/page";
import { loadInsights } from "./page.server";

export const meta: Route.MetaFunction = () => [{ title: "Insights · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadInsights(request);
}

export default function InsightsRoute({ loaderData }: Route.ComponentProps) {
  return <InsightsPage insights={loaderData.insights} />;
}
