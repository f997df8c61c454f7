// The layer rules of eslint.config.js fail on a violation: each case lints a
// small module as if it stood at the given path in app/.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: root });

/** The layer messages ESLint gives `code` at `file`. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === "no-restricted-imports")
    .map((m) => m.message.replace(/^.* restricted from being used by a pattern\. /, ""));
}

/** The folder-order messages ESLint gives `code` at `file` (DOMAIN_ORDER in eslint.config.js). */
async function orderErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === "import-x/no-restricted-paths")
    .map((m) => m.message.replace(/^Unexpected path .* imported in restricted zone\. /, ""));
}

describe("the folders of app/domain import one way", () => {
  const below =
    "app/domain/clients imports only the folders on the layers below its own (DOMAIN_ORDER in eslint.config.js).";

  test("a folder imports the layers below it, never its own layer's or one above, however it is imported", async () => {
    // clients sits above media and company, beside industry-types, below contacts and portal.
    for (const from of ["~/domain/media/media.server", "../media/media.server", "~/domain/company/company.server"]) {
      expect(await orderErrors("app/domain/clients/probe.ts", `import { x } from "${from}";`), from).toEqual([]);
    }
    for (const code of [
      `import { x } from "~/domain/portal/portal.server";`,
      `import { x } from "../portal/portal.server";`,
      `import type { x } from "../contacts/contacts.server";`,
      `export { x } from "../contacts/contacts.server";`,
      `const { x } = await import("../contacts/contacts.server");`,
      `import { x } from "../industry-types/schema";`,
    ]) {
      expect(await orderErrors("app/domain/clients/probe.ts", code), code).toEqual([below]);
    }
    // Its components too; and inside its own folder anything goes.
    expect(
      await orderErrors("app/domain/clients/components/probe.tsx", `import { x } from "~/domain/portal/schema";`),
    ).toEqual([below]);
    expect(
      await orderErrors("app/domain/clients/components/probe.tsx", `import { x } from "../clients.server";`),
    ).toEqual([]);
  });

  test("the modules directly in app/domain import no folder", async () => {
    expect(await orderErrors("app/domain/probe.ts", `import { x } from "./media/media.server";`)).toEqual([
      "The modules directly in app/domain serve every folder and import none.",
    ]);
    expect(await orderErrors("app/domain/clients/probe.ts", `import { x } from "../errors";`)).toEqual([]);
  });

  test("every folder of app/domain has its one place in the order (listed, or above them all)", async () => {
    const folders = fs
      .readdirSync(path.join(root, "app/domain"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // The zones the order makes, as ESLint applies them: every folder is one's target (out of
    // reach of it: the layers above) or, on the top layer, out of reach of the folders below.
    const config = await eslint.calculateConfigForFile(path.join(root, "app/domain/clients/probe.ts"));
    const [, { zones }] = config.rules["import-x/no-restricted-paths"] as [
      unknown,
      { zones: { target: string; from: string[] }[] },
    ];
    const folder = (zonePath: string) => zonePath.replace("./app/domain/", "");
    const targets = zones.map((zone) => folder(zone.target)).filter((target) => !target.startsWith("*"));
    expect(targets.filter((target, index) => targets.indexOf(target) !== index)).toEqual([]);
    const placed = new Set([...targets, ...zones.flatMap((zone) => zone.from.map(folder))]);
    expect([...placed].sort()).toEqual(folders.sort());
  });
});

describe("layer rules", () => {
  test("infrastructure imports neither the domain nor the routes, by alias or by relative path", async () => {
    for (const from of ["~/domain/errors", "../../domain/errors", "~/routes/shared/answers.server", "~/components/x"]) {
      expect(await layerErrors("app/.server/http/probe.ts", `import { x } from "${from}";`), from).toEqual([
        "app/.server is infrastructure: it knows no entity, route or component.",
      ]);
    }
    expect(await layerErrors("app/.server/http/probe.ts", `import { x } from "~/lib/uuid";`)).toEqual([]);
    expect(await layerErrors("app/.server/http/probe.ts", `import { x } from "../db";`)).toEqual([]);
  });

  test("a domain module that is not a component does not import react-router; a component may", async () => {
    const code = `import { x } from "react-router";`;
    expect(await layerErrors("app/domain/clients/clients.server.ts", code)).toHaveLength(1);
    expect(await layerErrors("app/domain/clients/schema.ts", `import type { x } from "react-router";`)).toHaveLength(1);
    expect(await layerErrors("app/domain/clients/components/client-form.tsx", code)).toEqual([]);
    expect(await layerErrors("app/domain/clients/clients.server.ts", `import { x } from "~/routes/shared/a";`)).toEqual(
      ["The domain does not import routes."],
    );
  });

  test("app-wide components know no entity: app/components imports no app/domain, by alias or by relative path", async () => {
    for (const from of ["~/domain/media/upload-client", "../domain/media/upload-client"]) {
      expect(await layerErrors("app/components/probe.tsx", `import { x } from "${from}";`), from).toEqual([
        "app/components are app-wide: they know no entity (an entity's components live in app/domain/<entity>/components).",
      ]);
    }
    expect(await layerErrors("app/components/probe.tsx", `import { x } from "~/routes/x";`)).toEqual([
      "Components do not import routes.",
    ]);
    expect(await layerErrors("app/components/probe.tsx", `import { x } from "~/ui/button";`)).toEqual([]);
    // An entity's own components may use its domain.
    expect(
      await layerErrors("app/domain/clients/components/probe.tsx", `import { x } from "~/domain/media/upload-client";`),
    ).toEqual([]);
  });

  test("the tables import only drizzle-orm, app/lib and each other: the browser bundles them with the forms' schemas", async () => {
    for (const from of ["~/.server/db", "../.server/env", "~/domain/errors", "node:fs", "pg"]) {
      expect(await layerErrors("app/tables/probe.ts", `import { x } from "${from}";`), from).toEqual([
        "app/tables are shared with the browser: they import only drizzle-orm, app/lib and each other.",
      ]);
    }
    for (const from of ["drizzle-orm", "drizzle-orm/pg-core", "~/lib/reserved-slugs", "./clients"]) {
      expect(await layerErrors("app/tables/probe.ts", `import { x } from "${from}";`), from).toEqual([]);
    }
  });

  test("ui imports only lib", async () => {
    for (const from of ["~/components/page-header", "~/domain/errors", "~/.server/db", "../routes/x"]) {
      expect(await layerErrors("app/ui/button.tsx", `import { x } from "${from}";`), from).toEqual([
        "app/ui is the design system: it imports only app/lib (and itself).",
      ]);
    }
    for (const from of ["~/lib/utils", "~/ui/button", "./input", "radix-ui"]) {
      expect(await layerErrors("app/ui/button.tsx", `import { x } from "${from}";`), from).toEqual([]);
    }
  });

  test("start-up does not load the PDF, signing, S3 and PostgreSQL libraries: they are imported at first use", async () => {
    const errors = async (file: string, code: string) => {
      const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
        filePath: path.join(root, file),
      });
      return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
    };
    for (const from of ["pdf-lib", "@signpdf/signpdf", "@aws-sdk/client-s3", "pg", "./certificate.server"]) {
      expect(await errors("app/domain/contracts/signing/signing.server.ts", `import { x } from "${from}";`), from).toBe(
        1,
      );
      expect(await errors("app/domain/contracts/signing/signing.server.ts", `import type { x } from "${from}";`)).toBe(
        0,
      );
    }
    expect(
      await errors("app/domain/contracts/signing/signing.server.ts", `const { x } = await import("pdf-lib");`),
    ).toBe(0);
    expect(await errors("app/.server/db/client.ts", `import { x } from "./breaker";`)).toBe(1);
    expect(await errors("app/.server/db/client.ts", `import { x } from "drizzle-orm";`)).toBe(0);
  });
});
