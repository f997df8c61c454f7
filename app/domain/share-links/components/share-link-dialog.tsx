// 'Share link' on a project's or gallery's admin page: make a private link
// (optionally labelled with who it is for, and ending after a given day), copy
// it (shown once: only its hash is kept), and see every link's label, maker,
// opens and state, with Revoke.
import { Link2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { CopyButton } from "~/components/copy-button";
import type { ActionResult } from "~/lib/action-result";
import { numericDate } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/ui/dialog";
import { FieldError } from "~/ui/field";
import { Input } from "~/ui/input";
import { Label } from "~/ui/label";
import type { ShareLinkRow } from "../share-links.server";
import type { ShareTarget } from "../schema";

/** A stored time's day as the admin lists show dates (the day it falls on in UTC is close enough here). */
const day = (iso: string | null) => (iso ? numericDate(iso.slice(0, 10)) : null);

function LinkState({ link }: { link: ShareLinkRow }) {
  if (link.state === "revoked") return <Badge variant="outline">Revoked</Badge>;
  if (link.state === "expired") return <Badge variant="secondary">Expired</Badge>;
  return <Badge variant="success">{link.lastDay ? `Active until ${numericDate(link.lastDay)}` : "Active"}</Badge>;
}

export function ShareLinkDialog({ target, name }: { target: ShareTarget; name: string }) {
  const [open, setOpen] = useState(false);
  const query = new URLSearchParams(target as Record<string, string>).toString();
  const links = useFetcher<{ links: ShareLinkRow[] }>();
  const writer = useFetcher<ActionResult>();
  const expiresId = useId();
  const labelId = useId();
  // The new link is shown until the dialog closes (then that answer is dismissed).
  const [dismissed, setDismissed] = useState<ActionResult | undefined>(undefined);
  const created =
    writer.data && writer.data !== dismissed && writer.data.ok && writer.data.intent === "create"
      ? (writer.data.message ?? null)
      : null;

  const { load } = links;
  useEffect(() => {
    if (open) void load(`/admin/share-links?${query}`);
  }, [open, query, load]);
  const fieldErrors = writer.data && !writer.data.ok ? writer.data.result?.error : undefined;
  const labelError = fieldErrors?.label?.[0] ?? null;
  const error =
    writer.data && !writer.data.ok && !labelError ? (writer.data.message ?? fieldErrors?.expiresOn?.[0]) : null;
  const busy = writer.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setDismissed(writer.data);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Link2 aria-hidden="true" />
          Share link
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Share link</DialogTitle>
          <DialogDescription>
            A private, read-only link to &ldquo;{name}&rdquo;, published or not. Search engines never see it; revoke it
            to stop it at once.
          </DialogDescription>
        </DialogHeader>
        <writer.Form method="post" action="/admin/share-links" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          {Object.entries(target).map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <div className="grid min-w-48 flex-1 gap-2">
            <Label htmlFor={labelId}>Label (optional)</Label>
            <Input
              id={labelId}
              name="label"
              maxLength={100}
              placeholder="for Northtown Parks"
              aria-invalid={labelError ? true : undefined}
              aria-describedby={labelError ? `${labelId}-error` : undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={expiresId}>Last day (optional)</Label>
            <Input
              id={expiresId}
              type="date"
              name="expiresOn"
              className="w-44"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${expiresId}-error` : undefined}
            />
          </div>
          <Button type="submit" disabled={busy}>
            Create link
          </Button>
          <FieldError id={`${labelId}-error`} errors={labelError} className="basis-full" />
          <FieldError id={`${expiresId}-error`} errors={error} className="basis-full" />
        </writer.Form>
        {created ? (
          <div className="grid gap-2 rounded-md border bg-muted/40 p-3" role="status">
            <p className="text-sm font-medium">Copy this link now: it is shown only once.</p>
            <div className="flex gap-2">
              <Input readOnly value={created} aria-label="New share link" className="font-mono text-xs" />
              <CopyButton text={created} toastMessage="Share link copied to clipboard" />
            </div>
          </div>
        ) : null}
        <ShareLinkList links={links.data?.links ?? null} />
      </DialogContent>
    </Dialog>
  );
}

function ShareLinkList({ links }: { links: ShareLinkRow[] | null }) {
  const revoker = useFetcher<ActionResult>();
  if (links === null) return <p className="text-sm text-muted-foreground">Loading links...</p>;
  if (links.length === 0) return <p className="text-sm text-muted-foreground">No share links yet.</p>;
  return (
    <ul aria-label="Share links" className="grid max-h-72 gap-2 overflow-y-auto">
      {links.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
          <div className="grid gap-0.5">
            {link.label ? <span className="font-medium">{link.label}</span> : null}
            <span>
              Made by {link.createdBy ?? "a former user"} on {day(link.createdAt)}
            </span>
            <span className="text-muted-foreground">
              Opened {link.openCount} {link.openCount === 1 ? "time" : "times"}
              {link.lastOpenedAt ? `, last on ${day(link.lastOpenedAt)}` : ""}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <LinkState link={link} />
            {link.state === "active" ? (
              <revoker.Form method="post" action="/admin/share-links">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="id" value={link.id} />
                <Button type="submit" variant="outline" size="sm" disabled={revoker.state !== "idle"}>
                  Revoke
                </Button>
              </revoker.Form>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
