// The page's cumulative layout shift so far: what a visitor saw move.
import type { Page } from "@playwright/test";

export function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) sum += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries arrive in the first callback; a frame later they have all come.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}
