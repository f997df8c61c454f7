// GET /admin/export-everything: admins only; one zip, read back with the
// system's unzip, holding every kind of record as CSV and the media files
// byte for byte (a file the records name but storage lacks is listed, not fatal).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeImage, makeIndustryType, makeProject } from "#tests/helpers/factories";
import { proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { createUser, request } from "#tests/helpers/users";
import { createProposal } from "~/domain/proposals/proposals.server";
import { storage } from "~/.server/storage";
import { loader as exportEverything } from "./export-everything";

withTestDatabase();

const call = (user?: Awaited<ReturnType<typeof createUser>>) =>
  exportEverything({ request: request("/admin/export-everything", { user }) } as never);

describe("export everything", () => {
  test("admins get one zip of every record as CSV plus the media; staff are refused", async () => {
    const admin = await createUser({ role: "admin" });
    const staff = await createUser({ role: "staff" });
    await expect(call()).rejects.toMatchObject({ status: 302 });
    await expect(call(staff)).rejects.toMatchObject({ init: { status: 403 } });

    await makeIndustryType({ name: "Zip Parks" });
    const logo = Buffer.from("logo bytes \u0000\u0001");
    await storage().put("client-logos/zip-logo.png", logo, { contentType: "image/png" });
    const client = await makeClient({
      name: "Zip Client",
      industryType: "Zip Parks",
      logoKey: "client-logos/zip-logo.png",
    });
    await makeContact({ clientId: client.id, name: "Zip Contact", email: "zip@example.test" });
    const project = await makeProject({ clientId: client.id, title: "Zip Playground" });
    const photo = Buffer.alloc(200_000, 7);
    const image = await makeImage({ projectId: project.id, imageCategory: "photos_completed", caption: "Slide" });
    await storage().put(image.storageKey, photo, { contentType: "image/jpeg" });
    const lost = await makeImage({ projectId: project.id, imageCategory: "3d_renders", displayOrder: 1 });
    const proposal = await createProposal({ clientId: client.id, title: "Zip Proposal", userId: null });
    await saveProposalLines(proposal.id, [proposalLine("z1", { name: "Zip Slide" })]);

    const response = await call(admin);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="playfolio-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-everything-"));
    const file = path.join(dir, "export.zip");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    // -t: the archive's own checksums hold.
    expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors detected/);
    const names = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n").sort();
    expect(names).toEqual(
      [
        "clients.csv",
        "contacts.csv",
        "contracts.csv",
        "industry-types.csv",
        "inquiries.csv",
        "media.csv",
        "missing-files.txt",
        "playground-options.csv",
        "projects.csv",
        "proposals.csv",
        "proposal-lines.csv",
        "media/client-logos/zip-logo.png",
        `media/${image.storageKey}`,
      ].sort(),
    );
    const read = (name: string) => execFileSync("unzip", ["-p", file, name]);
    const rows = (name: string) => parse(read(name), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows("clients.csv")).toMatchObject([{ "Client Name": "Zip Client", "Industry Type": "Zip Parks" }]);
    expect(rows("contacts.csv")).toMatchObject([{ Name: "Zip Contact", Email: "zip@example.test" }]);
    expect(rows("projects.csv")).toMatchObject([{ "Project Title": "Zip Playground" }]);
    expect(rows("proposals.csv")).toMatchObject([{ Title: "Zip Proposal", Client: "Zip Client", Total: "1500.00" }]);
    expect(rows("proposal-lines.csv")).toMatchObject([
      { Proposal: "Zip Proposal", Line: "Zip Slide", Total: "1500.00" },
    ]);
    expect(rows("industry-types.csv")).toEqual([{ Name: "Zip Parks", Description: "" }]);
    expect(rows("media.csv")).toContainEqual({
      "Belongs To": "Zip Playground",
      Kind: "Project image: photos_completed",
      Caption: "Slide",
      File: `media/${image.storageKey}`,
    });
    expect(read("media/client-logos/zip-logo.png").equals(logo)).toBe(true);
    expect(read(`media/${image.storageKey}`).equals(photo)).toBe(true);
    expect(read("missing-files.txt").toString()).toContain(lost.storageKey);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
