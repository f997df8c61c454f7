// How a save reads in a History panel: counts with their nouns, dates and
// times as the rest of the app shows them (describeGroup, no database).
import { describe, expect, test } from "vitest";
import { describeGroup, type GroupRow } from "./describe.server";

let seq = 0;
const row = (tableName: string, operation: GroupRow["operation"], before: object | null, after: object | null) =>
  ({
    id: ++seq,
    txId: 7,
    kind: "gallery",
    recordId: "g1",
    at: new Date("2025-03-07T14:05:00Z"),
    actorName: "Ann Lee",
    batchId: null,
    tableName,
    rowId: `r${seq}`,
    operation,
    before,
    after,
  }) as GroupRow;

const moved = (tableName: string) => row(tableName, "update", { display_order: 0 }, { display_order: 1 });

describe("the words of a save", () => {
  test("a count takes the noun's plural, and one takes the singular", () => {
    const two = describeGroup("gallery", "g1", [moved("gallery_projects"), moved("gallery_projects")], new Map());
    expect(two.details).toEqual(["Changed the order (2 projects in the gallery moved)"]);
    const one = describeGroup("gallery", "g1", [moved("gallery_projects")], new Map());
    expect(one.details).toEqual(["Changed the order (1 project in the gallery moved)"]);
    const images = describeGroup("project", "p1", [moved("project_images"), moved("project_images")], new Map());
    expect(images.details).toEqual(["Changed the order (2 images moved)"]);
  });

  test("a moment reads as the history's times do, a day as the admin lists' dates", () => {
    const signed = describeGroup(
      "contract",
      "c1",
      [
        {
          ...row(
            "contracts",
            "update",
            { signed_at: null, date_signed: null },
            { signed_at: "2025-03-07T14:05:00.123+00:00", date_signed: "2025-03-07" },
          ),
          kind: "contract",
          recordId: "c1",
          rowId: "c1",
        },
      ],
      new Map(),
    );
    expect(signed.changes).toEqual([
      { field: "Signed at", before: "—", after: expect.stringMatching(/^Mar [78], 2025, \d{2}:05$/) },
      { field: "Date signed", before: "—", after: "3/7/2025" },
    ]);
  });
});
