// The button-styled link to a list's "new" form ("Add Client", "New Project").
import { Plus } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button";

export function NewItemLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <Link to={to}>
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
