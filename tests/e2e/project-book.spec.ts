// The project book end to end: staff download the PDF of the library's
// current filters (page count, the first project's text); visitors get it
// only once an admin allows it in Settings → Company.
import fs from "node:fs";
import { pdfPages } from "../helpers/pdf-text";
import { expect, expectNoSeriousA11yViolations, test, waitForHydration } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { storeTestImage } from "./support/seed-images";

const server = useIsolatedServer({
  async seed({ dataDir, make }) {
    await make.company({ name: "Bookmakers Play", address: "1 Swing Street", phone: "555 0142" });
    await make.industryType({ name: "Schools" });
    const school = await make.client({ name: "Elm School", industryType: "Schools", location: "Leeds" });
    const park = await make.client({ name: "Fir Park" });
    const projects = [
      { title: "Acorn Arena", clientId: school.id, description: "Balance beams under the old oak." },
      { title: "Birch Bridges", clientId: school.id, description: "Rope bridges between three towers." },
      { title: "Cedar Climb", clientId: park.id, description: "A park climbing wall." },
    ];
    for (const [index, values] of projects.entries()) {
      const project = await make.project({ ...values, status: "completed", showInGallery: true });
      const image = await storeTestImage(
        dataDir,
        (ext) => `project-files/${project.id}/photos_completed/${index}.${ext}`,
      );
      await make.image({
        projectId: project.id,
        imageCategory: "photos_completed",
        storageKey: image.key,
        width: image.width,
        height: image.height,
      });
    }
  },
});

test("staff download the book of the current filters; visitors only once an admin allows it", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // Signed out, by default: no link, and no book.
  await page.goto(`${server.url}/?industry=Schools`);
  await expect(page.getByRole("link", { name: "Acorn Arena" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download project book" })).toHaveCount(0);
  expect((await request.get(`${server.url}/project-book.pdf`)).status()).toBe(404);

  await server.signIn(page);
  await page.goto(`${server.url}/?industry=Schools`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download project book" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("project-book.pdf");
  const pages = await pdfPages(new Uint8Array(fs.readFileSync((await download.path())!)));
  // The cover, the two school projects, the contact page.
  expect(pages).toHaveLength(4);
  expect(pages[0]).toContain("Bookmakers Play");
  expect(pages[0]).toContain("Industry: Schools");
  expect(pages[1]).toContain("Acorn Arena");
  expect(pages[1]).toContain("Balance beams under the old oak.");
  expect(pages[2]).toContain("Birch Bridges");
  expect(pages[3]).toContain("555 0142");

  // The admin lets visitors have it.
  await page.goto(`${server.url}/admin/settings/company`);
  await waitForHydration(page);
  await page.getByRole("switch", { name: "Visitors may download the project book" }).click();
  await expectNoSeriousA11yViolations(page, "company settings with the project book switch");
  await page.getByRole("button", { name: "Save company details" }).click();
  await expect(page.getByText("Company details saved")).toBeVisible();

  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${server.url}/`);
    await expect(anonymous.getByRole("link", { name: "Download project book" })).toHaveAttribute(
      "href",
      "/project-book.pdf",
    );
    const book = await visitor.request.get(`${server.url}/project-book.pdf`);
    expect(book.status()).toBe(200);
    expect(book.headers()["content-type"]).toBe("application/pdf");
    expect(book.headers()["cache-control"]).toBe("private, no-store");
    expect(await pdfPages(new Uint8Array(await book.body()))).toHaveLength(5);
  } finally {
    await visitor.close();
  }
});
