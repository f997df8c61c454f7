// GET /admin/clients/export, as every list's export answers: staff only, a
// named private download of the list with its search.
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { createUser, request } from "#tests/helpers/users";
import { loader as clientsExport } from "./export";

withTestDatabase();

describe("export", () => {
  test("the download: staff only, named, private, with the list's filters", async () => {
    await createUser(); // the administrator
    const staff = await createUser({ role: "staff" });
    await makeClient({ name: "Downloaded Ltd" });
    await makeClient({ name: "Left Out Ltd" });
    await expect(clientsExport({ request: request("/admin/clients/export") } as never)).rejects.toMatchObject({
      status: 302,
    });
    const response = await clientsExport({
      request: request("/admin/clients/export?q=Downloaded", { user: staff }),
    } as never);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r["Client Name"])).toEqual(["Downloaded Ltd"]);
  });
});
