// Views per day as bars and unique visitors as a line, drawn on the server as
// SVG (no chart script to download). The picture is for the eye: its label
// says the gist, and the table beside it (DailyTable) holds every figure.
import type { DayFigures } from "../insights";

const WIDTH = 800;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 24, left: 40 };

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A round top for the scale: 1, 2, 5 × 10^n. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power) as number;
}

export function DailyChart({ days, label }: { days: DayFigures[]; label: string }) {
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.views, d.visitors))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const x = (index: number) => PAD.left + index * step + step / 2;
  const ticks = [0, top / 2, top];
  // A label every few days, so 90 of them do not run into each other.
  const every = Math.ceil(days.length / 8);
  const line = days.map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(" ");
  return (
    <figure className="grid gap-2">
      {/* On a phone the picture keeps a readable size and scrolls sideways, starting at the latest days. */}
      <div className="overflow-x-auto [direction:rtl]">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={label}
          className="h-auto w-full min-w-[36rem] text-muted-foreground [direction:ltr]"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity={0.2}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={13} fill="currentColor">
                {tick.toLocaleString("en-US")}
              </text>
            </g>
          ))}
          {days.map((d, i) => (
            <rect
              key={d.day}
              x={x(i) - Math.max(1, step * 0.35)}
              width={Math.max(2, step * 0.7)}
              y={y(d.views)}
              height={Math.max(0, PAD.top + plotHeight - y(d.views))}
              className="fill-primary"
              rx={Math.min(3, step * 0.2)}
            />
          ))}
          <path d={line} fill="none" className="stroke-amber-700" strokeWidth={2.5} strokeLinejoin="round" />
          {days.map((d, i) =>
            i % every === 0 ? (
              <text key={d.day} x={x(i)} y={HEIGHT - 6} textAnchor="middle" fontSize={13} fill="currentColor">
                {shortDay(d.day)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary" /> Views
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-amber-700" /> Unique visitors
        </span>
      </figcaption>
    </figure>
  );
}

export { shortDay };
