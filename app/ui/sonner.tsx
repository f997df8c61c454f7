import * as React from "react";
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/*
 * Sonner's default palette (incl. rich colours) is below WCAG AA in places, so
 * every colour is mapped onto our theme tokens, which are contrast-checked in
 * app.css: status text uses the full-strength token on a 10% tint of it.
 */
const toasterStyle = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
  "--success-bg": "color-mix(in srgb, var(--success) 10%, var(--popover))",
  "--success-border": "color-mix(in srgb, var(--success) 30%, var(--popover))",
  "--success-text": "var(--success)",
  "--info-bg": "color-mix(in srgb, var(--info) 10%, var(--popover))",
  "--info-border": "color-mix(in srgb, var(--info) 30%, var(--popover))",
  "--info-text": "var(--info)",
  "--warning-bg": "color-mix(in srgb, var(--warning) 10%, var(--popover))",
  "--warning-border": "color-mix(in srgb, var(--warning) 30%, var(--popover))",
  "--warning-text": "var(--warning)",
  "--error-bg": "color-mix(in srgb, var(--destructive) 10%, var(--popover))",
  "--error-border": "color-mix(in srgb, var(--destructive) 30%, var(--popover))",
  "--error-text": "var(--destructive)",
} as React.CSSProperties;

function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      // The one theme app.css defines (no page offers a dark one).
      theme="light"
      className="toaster group"
      position="top-right"
      // Phones stack toasts across the top: start them below the admin's 56 px top bar, whose
      // drawer button (and Sign Out) must stay reachable while a toast shows.
      mobileOffset={{ top: 64 }}
      richColors
      closeButton
      icons={{
        success: <CircleCheckIcon className="size-4" aria-hidden="true" />,
        info: <InfoIcon className="size-4" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="size-4" aria-hidden="true" />,
        error: <OctagonXIcon className="size-4" aria-hidden="true" />,
        loading: <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />,
      }}
      style={{ ...toasterStyle, ...style }}
      {...props}
    />
  );
}

export { Toaster };
