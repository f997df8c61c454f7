import * as React from "react";

/** Viewports narrower than this (in px) are treated as mobile. Matches Tailwind's `md` breakpoint. */
export const MOBILE_BREAKPOINT = 768;

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onStoreChange: () => void): () => void {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener("change", onStoreChange);
  return () => mql.removeEventListener("change", onStoreChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

function getServerSnapshot(): boolean {
  return false;
}

/**
 * `true` when the viewport is narrower than {@link MOBILE_BREAKPOINT}.
 *
 * Always `false` during SSR and during hydration (React uses the server
 * snapshot while hydrating), then updates to the real value on the client, so
 * server and client markup never mismatch.
 */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
