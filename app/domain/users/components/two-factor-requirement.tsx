// Settings → Team: "require two-factor sign-in for all staff".
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";

export function TwoFactorRequirement({ required }: { required: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
      <p className="text-sm">
        {required
          ? "Required: staff without it are sent to set it up before anything else, and cannot turn it off."
          : "Not required: each person chooses on Your Account."}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="require-two-factor" />
        <input type="hidden" name="required" value={required ? "off" : "on"} />
        <Button type="submit" variant={required ? "outline" : "default"} disabled={busy}>
          {required ? "Stop Requiring Two-Factor" : "Require Two-Factor for All Staff"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
