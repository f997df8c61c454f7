import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
