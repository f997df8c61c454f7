// The top bar's notifications (decision 0069): a bell with the unread count,
// a menu of the newest (a new inquiry; a contract viewed, signed or declined, a
// proposal viewed, answered or sent back, in the portal), each opening its record,
// and a toast when one arrives while the page is open. The live stream says only
// that an inquiry, a contract event or a proposal event came; the list itself is read from /admin/notifications, with its access check.
// Opening the menu marks what it shows as read, for this person on every device.
import { formatDistanceToNow } from "date-fns";
import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { notificationTitle, type StaffNotifications, unreadText } from "~/domain/notifications/notifications";
import { cn } from "~/lib/utils";
import { Button } from "~/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/ui/popover";
import { useLiveChanges } from "~/components/admin-shell/live-updates";

const ENDPOINT = "/admin/notifications";
/** A burst (an import of inquiries) toasts a few, not hundreds; the menu and count hold the rest. */
const MAX_TOASTS = 3;
const TOAST_MS = 15_000;

async function ask(init?: RequestInit): Promise<StaffNotifications | null> {
  try {
    const response = await fetch(ENDPOINT, { ...init, headers: { Accept: "application/json" } });
    if (!response.ok || !response.headers.get("Content-Type")?.includes("json")) return null;
    return (await response.json()) as StaffNotifications;
  } catch {
    // Offline, or signed out (the next navigation says so): the next event asks again.
    return null;
  }
}

export function NotificationsMenu({ initial }: { initial: StaffNotifications }) {
  const live = useLiveChanges();
  const navigate = useNavigate();
  // Our own reads (a live event, opening the menu); the shell's loader brings `initial` afresh too.
  const [fetched, setFetched] = useState<StaffNotifications | null>(null);
  const data = fetched && fetched.readAt >= initial.readAt ? fetched : initial;
  // What the open menu shows: kept as it was opened, so what was new stays marked while it is read.
  const [shown, setShown] = useState<StaffNotifications | null>(null);
  // The newest item this page has already told of (toasts are for what comes after).
  const told = useRef(initial.items[0]?.at ?? "");

  const adopt = (next: StaffNotifications | null) => {
    if (next) setFetched((current) => (current && current.readAt > next.readAt ? current : next));
  };

  useEffect(() => {
    const fresh = data.items.filter((item) => item.unread && item.at > told.current);
    if (data.items[0] && data.items[0].at > told.current) told.current = data.items[0].at;
    for (const item of fresh.slice(0, MAX_TOASTS).reverse()) {
      toast.info(notificationTitle(item), {
        id: `notification-${item.id}`,
        description: item.about,
        // Longer than a save's toast: it comes unasked, maybe while someone is typing.
        duration: TOAST_MS,
        action: { label: "Open", onClick: () => navigate(item.href) },
      });
    }
  }, [data, navigate]);

  useEffect(
    () =>
      live.onChange((change) => {
        if ((change.kind === "inquiry" && change.op === "created") || change.kind === "contract-event" || change.kind === "proposal-event") {
          void ask().then(adopt);
        }
      }),
    [live],
  );

  const open = (isOpen: boolean) => {
    setShown(isOpen ? data : null);
    const newest = data.items[0]?.at;
    if (isOpen && data.unread > 0 && newest) {
      void ask({ method: "POST", body: new URLSearchParams({ upTo: newest }) }).then(adopt);
    }
  };

  const list = shown ?? data;
  const headingId = useId();
  return (
    <Popover onOpenChange={open}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={data.unread > 0 ? `Notifications, ${unreadText(data.unread)} unread` : "Notifications"}
        >
          <Bell aria-hidden="true" />
          {data.unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {unreadText(data.unread)}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={headingId} className="w-80 max-w-[calc(100vw-2rem)] p-0">
        <h2 id={headingId} className="border-b px-4 py-3 text-sm font-semibold">
          Notifications
        </h2>
        {list.items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">No notifications yet</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto">
            {list.items.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.href}
                  onClick={() => open(false)}
                  className={cn(
                    "grid gap-0.5 px-4 py-3 text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none",
                    item.unread && "bg-sky-50",
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    {item.unread ? (
                      <span className="size-2 shrink-0 rounded-full bg-sky-600">
                        <span className="sr-only">Unread: </span>
                      </span>
                    ) : null}
                    {notificationTitle(item)}
                  </span>
                  <span className="truncate text-muted-foreground">{item.about}</span>
                  <span className="text-xs text-muted-foreground">
                    {formatDistanceToNow(new Date(item.at), { addSuffix: true })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
