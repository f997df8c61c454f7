import { BadgeCheck } from "lucide-react";
import { useFetcher } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

type Role = "admin" | "staff" | "pending";

interface Account {
  id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
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

export function TeamTable({ accounts, meId }: { accounts: Account[]; meId: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Address</TableHead>
            <TableHead>Access</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((account) => (
            <TableRow key={account.id}>
              <TableCell className="font-medium">{account.name}</TableCell>
              <TableCell>{account.email}</TableCell>
              <TableCell>
                {/* A staff email domain grants access only to a verified address. */}
                {account.emailVerified ? (
                  <span className="inline-flex items-center gap-1 text-sm">
                    <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
                    Verified
                  </span>
                ) : (
                  <span className="text-sm text-muted-foreground">Not verified</span>
                )}
              </TableCell>
              <TableCell>
                <Badge variant={ROLE_BADGE[account.role]}>{ROLE_LABEL[account.role]}</Badge>
              </TableCell>
              <TableCell>{account.joined}</TableCell>
              <TableCell>
                <div className="flex justify-end gap-2">
                  {account.id === meId ? (
                    <span className="text-sm text-muted-foreground">You</span>
                  ) : account.role === "pending" ? (
                    <RoleButton account={account} to="staff" label="Grant access" variant="default" />
                  ) : account.role === "staff" ? (
                    <>
                      <RoleButton account={account} to="admin" label="Make administrator" />
                      <RoleButton account={account} to="pending" label="Revoke access" variant="destructive" />
                    </>
                  ) : (
                    <RoleButton account={account} to="staff" label="Remove administrator" />
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
