// The play area of a project's included zones (main playground, toddler zone,
// sport court), as the project page's facts box and the project book show it.

export interface Zone {
  /** Numeric(12,2) as text, as the database gives it. */
  sqFeet: string | null;
  levels: number | null;
}

/** Square feet added exactly, in hundredths: "310" + "120.25" → "430.25"; null if none is known. */
export function totalSqFeet(zones: Zone[]): string | null {
  const known = zones.map((zone) => zone.sqFeet).filter((area): area is string => area !== null);
  if (known.length === 0) return null;
  const cents = known.reduce((sum, area) => sum + BigInt(Math.round(Number(area) * 100)), 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

/** The most levels of any zone; null if none is known. */
export function mostLevels(zones: Zone[]): number | null {
  return zones.reduce<number | null>(
    (most, zone) => (zone.levels === null ? most : Math.max(most ?? 0, zone.levels)),
    null,
  );
}
