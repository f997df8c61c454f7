import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The folders of app/domain, lowest layer first: a folder imports only folders on the layers
 * below its own (never one beside it or above), so no two folders depend on each other.
 * Declared here once; docs/architecture.md draws it. The folders not listed share a layer
 * above all of these (a new screen's, which nothing imports): the first folder to import
 * one must place it below itself. The modules directly in app/domain (errors, form
 * fields, versioned updates) serve every folder and import none.
 */
const DOMAIN_ORDER = [
  // Services any record uses: the accounts' trail, CSV chunks, stored files, page views.
  ["audit", "export", "media", "views"],
  ["company", "users"],
  // Records.
  ["clients", "industry-types", "project-media", "share-links"],
  ["contacts", "projects"],
  ["contracts", "import", "inquiries", "proposals"],
  // What reads across records: the history of every record, the public library.
  ["history", "library"],
  ["galleries", "options", "portal", "project-book"],
  ["dashboard", "embeds", "notifications"],
];

const unplaced = readdirSync(new URL("./app/domain", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !DOMAIN_ORDER.flat().includes(entry.name))
  .map((entry) => entry.name);
const DOMAIN_LAYERS = unplaced.length ? [...DOMAIN_ORDER, unplaced] : DOMAIN_ORDER;

/** One zone per folder: every folder on its own layer and above is out of its reach. */
const domainZones = [
  {
    target: "./app/domain/*.{ts,tsx}",
    from: DOMAIN_LAYERS.flat().map((folder) => `./app/domain/${folder}`),
    message: "The modules directly in app/domain serve every folder and import none.",
  },
  ...DOMAIN_LAYERS.flatMap((layer, index) =>
    layer.map((folder) => ({
      target: `./app/domain/${folder}`,
      from: DOMAIN_LAYERS.slice(index)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `./app/domain/${other}`),
      message: `app/domain/${folder} imports only the folders on the layers below its own (DOMAIN_ORDER in eslint.config.js).`,
    })),
  ),
  // A folder alone on the top layer has nothing out of its reach.
].filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "data-demo/",
      "test-results/",
      "playwright-report/",
      "drizzle/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // The layers of docs/architecture.md: requests flow route → domain →
  // infrastructure, and nothing lower imports anything higher. tests/layers.test.ts
  // proves each rule fails on a violation.
  {
    files: ["app/.server/**/*.{ts,tsx}"],
    // A test may drive infrastructure through the domain (real uploads, say).
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^~/|/)(domain|routes|components|ui)(/|$)",
              message: "app/.server is infrastructure: it knows no entity, route or component.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: ["app/domain/**/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(react-router|@react-router/)",
              message:
                "Domain modules hold rules and queries and know no HTTP: requests, responses, redirects and toasts belong to the route glue beside the routes.",
            },
            { regex: "(^~/|/)routes(/|$)", message: "The domain does not import routes." },
          ],
        },
      ],
    },
  },
  {
    // Entity folders are modules with one-way dependencies (DOMAIN_ORDER above). A test may
    // drive its module through a higher one (a contract signed by a portal contact).
    files: ["app/domain/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: domainZones }] },
  },
  {
    files: ["app/domain/**/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^~/|/)routes(/|$)", message: "Components do not import routes." }] },
      ],
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^~/|/)routes(/|$)", message: "Components do not import routes." },
            {
              regex: "(^~/|/)domain(/|$)",
              message:
                "app/components are app-wide: they know no entity (an entity's components live in app/domain/<entity>/components).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/tables/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!drizzle-orm(/|$)|~/lib/|\\./)",
              message: "app/tables are shared with the browser: they import only drizzle-orm, app/lib and each other.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/(?!lib/|ui/)|\\.\\./)",
              message: "app/ui is the design system: it imports only app/lib (and itself).",
            },
          ],
        },
      ],
    },
  },
  {
    // Start-up loads only what serving needs (decision 0071): these libraries, and the modules
    // built on them, are loaded at first use with `await import(...)`; a type import costs nothing.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    ignores: [
      "**/*.test.ts",
      "app/domain/contracts/signing/certificate.server.ts",
      "app/domain/project-book/book-pdf.server.ts",
      "app/.server/signing/*.ts",
      "app/.server/db/breaker.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ImportDeclaration[importKind='value'][source.value=/^(pdf-lib|pdfkit|node-forge|pg|qrcode|opossum)$|^@(pdf-lib|signpdf|aws-sdk).|(certificate|book-pdf)[.]server$|signing.seal$|[./]breaker$/]",
          message: "Start-up does not need this: load it at first use with `await import(...)` (decision 0071).",
        },
      ],
    },
  },
  {
    // Command-line tools talk to a person on the terminal.
    files: ["scripts/**", "tests/**", "*.config.*"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's.
    files: ["tests/e2e/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
      // Each test seeds the rows it needs: no test may count on another having run first.
      "no-restricted-syntax": [
        "error",
        {
          selector: "Property[key.name='mode'][value.value='serial'], MemberExpression[property.name='serial']",
          message: "Browser tests run in any order: seed each test's own rows instead of a serial chain.",
        },
      ],
    },
  },
);
