// The one place that tells a data request (single fetch) from a page, and the page it is for.
import { expect, test } from "vitest";
import { isDataRequest, pagePath } from "./route-policy";

test.each([
  ["/admin/clients.data", true, "/admin/clients"],
  ["/_.data", true, "/"],
  ["/gallery/_.data", true, "/gallery/"],
  ["/admin/clients", false, "/admin/clients"],
  ["/", false, "/"],
  ["/files/report.data.csv", false, "/files/report.data.csv"],
])("%s: data request %s, page %s", (path, data, page) => {
  expect(isDataRequest(path)).toBe(data);
  expect(isDataRequest(new Request(`http://localhost${path}?index`))).toBe(data);
  expect(pagePath(path)).toBe(page);
});
