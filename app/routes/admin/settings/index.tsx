import type { Route } from "./+types/index";
import { staffPage } from "~/routes/shared/staff-pages.server";

export function loader({ request }: Route.LoaderArgs) {
  return staffPage(request);
}

export default function SettingsIndex() {
  return (
    <div className="flex min-h-40 items-center justify-center rounded-lg border border-dashed p-6 text-center text-muted-foreground">
      Select a settings category from the left
    </div>
  );
}
