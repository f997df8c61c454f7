import { BadgeCheck, MoreHorizontal } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/ui/dropdown-menu";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

type Role = "admin" | "staff" | "pending";

interface Account {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  disabled: boolean;
  lastSignIn: string | null;
  joined: string;
}

const ROLE_LABEL: Record<Role, string> = { admin: "Administrator", staff: "Staff", pending: "Waiting for access" };
const ROLE_BADGE: Record<Role, "default" | "secondary" | "outline"> = {
  admin: "default",
  staff: "secondary",
  pending: "outline",
};

function RoleButton({
  account,
  to,
  label,
  variant,
}: {
  account: Account;
  to: Role;
  label: string;
  variant?: "outline" | "default" | "destructive";
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="userId" value={account.id} />
      <input type="hidden" name="role" value={to} />
      <Button
        type="submit"
        size="sm"
        variant={variant ?? "outline"}
        disabled={busy}
        aria-label={`${label}: ${account.email}`}
      >
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** Send a reset link, disable or enable: the "…" menu of a row that is not your own. */
function AccountMenu({ account }: { account: Account }) {
  const fetcher = useFetcher();
  const [confirming, setConfirming] = useState<"disable" | "reset-two-factor" | null>(null);
  const post = (intent: string) => fetcher.submit({ intent, userId: account.id }, { method: "post" });
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${account.email}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => post("send-reset")}>Send password reset link</DropdownMenuItem>
          {account.twoFactorEnabled ? (
            <DropdownMenuItem onSelect={() => setConfirming("reset-two-factor")}>
              Turn off two-factor sign-in
            </DropdownMenuItem>
          ) : null}
          {account.disabled ? (
            <DropdownMenuItem onSelect={() => post("enable")}>Enable account</DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming("disable")}>
              Disable account
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDelete
        open={confirming === "disable"}
        onOpenChange={(open) => setConfirming(open ? "disable" : null)}
        title={`Disable ${account.name}?`}
        description={`${account.email} is signed out everywhere at once and cannot sign in until an administrator enables the account again. Everything it made stays, with its name.`}
        fields={{ intent: "disable", userId: account.id }}
        confirmLabel="Disable Account"
        busyLabel="Disabling..."
      />
      <ConfirmDelete
        open={confirming === "reset-two-factor"}
        onOpenChange={(open) => setConfirming(open ? "reset-two-factor" : null)}
        title={`Turn off two-factor sign-in for ${account.name}?`}
        description={`For a lost phone and lost recovery codes: ${account.email} then signs in with the password alone until they set two-factor sign-in up again (at once if your team requires it).`}
        fields={{ intent: "reset-two-factor", userId: account.id }}
        confirmLabel="Turn Off"
        busyLabel="Turning off..."
      />
    </>
  );
}

function Verified({ yes, label }: { yes: boolean; label: [string, string] }) {
  return yes ? (
    <span className="inline-flex items-center gap-1 text-sm">
      <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
      {label[0]}
    </span>
  ) : (
    <span className="text-sm text-muted-foreground">{label[1]}</span>
  );
}

/** The account's state in one line, for a table too narrow for its own columns. */
function StateSummary({ account }: { account: Account }) {
  return (
    <div className="text-xs text-muted-foreground @2xl:hidden">
      {account.emailVerified ? "Verified" : "Not verified"} · Two-factor {account.twoFactorEnabled ? "on" : "off"} ·
      Last sign-in {account.lastSignIn ?? "never"}
    </div>
  );
}

function AccessBadges({ account }: { account: Account }) {
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant={ROLE_BADGE[account.role]}>{ROLE_LABEL[account.role]}</Badge>
      {account.disabled ? <Badge variant="destructive">Disabled</Badge> : null}
    </div>
  );
}

// A narrow table (a phone, or beside both sidebars) folds the state columns, then
// the access column, into the name's cell instead of hiding the actions off to the side.
const STATE_COLUMN = "hidden @2xl:table-cell";
const ACCESS_COLUMN = "hidden @md:table-cell";

export function TeamTable({ accounts, meId }: { accounts: Account[]; meId: string }) {
  return (
    <div className="@container overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className={STATE_COLUMN}>Address</TableHead>
            <TableHead className={STATE_COLUMN}>Two-factor</TableHead>
            <TableHead className={STATE_COLUMN}>Last sign-in</TableHead>
            <TableHead className={ACCESS_COLUMN}>Access</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={account.id}>
              <TableCell className="whitespace-normal">
                <div className="font-medium">{account.name}</div>
                <div className="text-sm text-muted-foreground wrap-anywhere">{account.email}</div>
                <div className="text-xs text-muted-foreground">Joined {account.joined}</div>
                <StateSummary account={account} />
                <div className="mt-1 @md:hidden">
                  <AccessBadges account={account} />
                </div>
              </TableCell>
              <TableCell className={STATE_COLUMN}>
                {/* A staff email domain grants access only to a verified address. */}
                <Verified yes={account.emailVerified} label={["Verified", "Not verified"]} />
              </TableCell>
              <TableCell className={STATE_COLUMN}>
                <Verified yes={account.twoFactorEnabled} label={["On", "Off"]} />
              </TableCell>
              <TableCell className={`${STATE_COLUMN} whitespace-normal`}>{account.lastSignIn ?? "Never"}</TableCell>
              <TableCell className={ACCESS_COLUMN}>
                <AccessBadges account={account} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {account.id === meId ? (
                    <span className="text-sm text-muted-foreground">You</span>
                  ) : (
                    <>
                      {account.role === "pending" ? (
                        <RoleButton account={account} to="staff" label="Grant access" variant="default" />
                      ) : account.role === "staff" ? (
                        <>
                          <RoleButton account={account} to="admin" label="Make administrator" />
                          <RoleButton account={account} to="pending" label="Revoke access" variant="destructive" />
                        </>
                      ) : (
                        <RoleButton account={account} to="staff" label="Remove administrator" />
                      )}
                      <AccountMenu account={account} />
                    </>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
