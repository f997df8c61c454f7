import { requireStaff } from "~/.server/auth/access";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function SettingsIndex() {
  return (
    <div className="flex min-h-40 items-center justify-center rounded-lg border border-dashed p-6 text-center text-muted-foreground">
      Select a settings category from the left
    </div>
  );
}
