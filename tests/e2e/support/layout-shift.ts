// The page's cumulative layout shift so far: what a visitor saw move.
import type { Page } from "@playwright/test";

/** `within`: count only the shifts that moved something inside the first element it selects. */
export function layoutShiftSoFar(page: Page, within?: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        const scope = selector ? document.querySelector(selector) : null;
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const shift = entry as unknown as { value: number; sources: { node?: Node | null }[] };
            if (!scope || shift.sources.some((source) => source.node && scope.contains(source.node))) {
              sum += shift.value;
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries arrive in the first callback; a frame later they have all come.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
    within ?? null,
  );
}
