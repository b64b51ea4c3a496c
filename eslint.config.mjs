import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

// Which folder may import which: the layering of docs/architecture.md and the README, kept by the
// linter (eslint-plugin-import, brought by eslint-config-next). Higher layers import lower ones,
// never the reverse: app → components → lib; sandbox shares only lib/contract with the app;
// tooling, e2e and tests sit on top and reach the sandbox only through its public surface.
const FOLDERS = {
  app: "app/ holds routes: pages, layouts, route handlers and a route's server actions.",
  components: "components/ is UI: a page hands it the route's server actions (props or context).",
  lib: "lib/ is the product's domain: it never imports routes, UI, tooling, tests or the sandbox.",
  sandbox: "sandbox/ is the local platform: it shares only lib/contract with the app.",
  contract: "lib/contract is shared with the sandbox: it imports nothing else of lib/.",
  tooling: "tooling/ and tests reach the sandbox only through sandbox/start.ts and sandbox/testing/.",
};

const common = [
  { target: "./components", from: ["./app", "./tooling", "./e2e", "./sandbox"], message: FOLDERS.components },
  { target: "./lib", from: ["./app", "./components"], message: FOLDERS.lib },
  { target: "./lib/contract", from: "./lib", except: ["./contract"], message: FOLDERS.contract },
  { target: "./sandbox", from: "./lib", except: ["./contract"], message: FOLDERS.sandbox },
  { target: "./sandbox", from: ["./app", "./components", "./tooling", "./e2e"], message: FOLDERS.sandbox },
  { target: "./app", from: ["./tooling", "./e2e", "./sandbox"], message: FOLDERS.app },
  { target: "./tooling", from: ["./components", "./e2e"], message: FOLDERS.tooling },
  { target: ["./tooling", "./e2e"], from: "./sandbox", except: ["./start.ts", "./testing"], message: FOLDERS.tooling },
];

const zones = (extra = []) => ["error", { zones: [...common, ...extra] }];

// lib/ stands in floors, each importing only from the floors below it: the shared base, the platform
// client, the infrastructure, the domain and the entry points. Within a floor a folder may import
// only the folders listed before it, so no two folders ever import each other. A helper that two
// domain folders need moves down to the base; it is not borrowed sideways. Tests beside the code may
// reach higher, to set up what they test.
const FLOORS = [
  [
    "the shared base",
    ["contract", "hooks.ts", "log", "tracing", "bidi.ts", "security-headers.ts", "theme", "generated", "config.ts"],
  ],
  ["the shared base", ["format", "http", "results", "db", "i18n"]],
  ["the platform", ["clinic-api"]],
  ["the infrastructure", ["email", "health", "limits", "metrics", "queue"]],
  ["the domain", ["drift", "people", "audit", "auth", "actions", "events", "webhooks", "embedded", "admin"]],
  ["the domain", ["new-patient", "connection", "alerts", "patients", "resources", "home", "search"]],
  ["the entry points", ["startup-check.ts", "server", "jobs"]],
];
const LIB_ORDER = FLOORS.flatMap(([floor, folders]) => folders.map((folder) => ({ floor, folder })));
const floorZones = LIB_ORDER.slice(0, -1).map(({ floor, folder }, i) => ({
  target: `./lib/${folder}`,
  from: LIB_ORDER.slice(i + 1).map((above) => `./lib/${above.folder}`),
  message: `lib/${folder} is on ${floor}: it imports only what stands below it in eslint.config.mjs's FLOORS.`,
}));

// Words people read come from the message catalogs (messages/*.json, next-intl), never from a JSX
// literal: text between tags, a string in braces, or a label, title, placeholder or alt attribute.
// Only punctuation and symbols that read the same in every language are allowed as they are.
const ALLOWED_JSX_STRINGS = [
  "·",
  "—",
  "–",
  "…",
  "×",
  "☰",
  ",",
  ":",
  "(",
  ")",
  "/",
  "%",
  "-",
  "|",
  "→",
  "←",
  "↑",
  "↓",
  "*",
  "✓",
  "#",
  "0",
];
const WORD_ATTRIBUTES = "/^(aria-label|aria-description|aria-roledescription|title|placeholder|alt|label)$/";

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "release/**",
      "lib/generated/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import/no-restricted-paths": zones(),
    },
  },
  {
    // The import graph of the product and the sandbox has no cycles (type-only imports aside).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "sandbox/**/*.ts", "proxy.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Tooling's own code (dev stack, benchmarks, migrations, test support) builds and runs the app;
    // it does not import the app's routes. Its tests may, to test them.
    files: ["tooling/**/*.ts"],
    ignores: ["tooling/**/*.test.ts"],
    rules: {
      "import/no-restricted-paths": zones([{ target: "./tooling", from: "./app", message: FOLDERS.tooling }]),
    },
  },
  {
    // The product's own code; the tests beside it may use the test support (next block).
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: ["lib/**/*.test.ts"],
    rules: {
      "import/no-restricted-paths": zones([
        { target: "./lib", from: ["./tooling", "./e2e", "./sandbox"], message: FOLDERS.lib },
        ...floorZones,
      ]),
    },
  },
  {
    files: ["lib/**/*.test.ts"],
    rules: {
      "import/no-restricted-paths": zones([
        { target: "./lib", from: "./e2e", message: FOLDERS.lib },
        {
          target: "./lib",
          from: "./tooling",
          except: ["./testing", "./migrate"],
          message: "Tests beside the product use the test support (tooling/testing) and the migration tool only.",
        },
        { target: "./lib", from: "./sandbox", except: ["./start.ts", "./testing"], message: FOLDERS.tooling },
      ]),
    },
  },
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    rules: {
      "react/jsx-no-literals": ["error", { noStrings: true, ignoreProps: true, allowedStrings: ALLOWED_JSX_STRINGS }],
      "no-restricted-syntax": [
        "error",
        {
          selector: `JSXAttribute[name.name=${WORD_ATTRIBUTES}] > Literal`,
          message: "Words people read come from the message catalogs (useTranslations / getTranslations).",
        },
        {
          selector: `JSXAttribute[name.name=${WORD_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=/[A-Za-z]/]`,
          message: "Words people read come from the message catalogs (useTranslations / getTranslations).",
        },
        {
          selector: `JSXAttribute[name.name=${WORD_ATTRIBUTES}] > JSXExpressionContainer > TemplateLiteral`,
          message: "Words people read come from the message catalogs, with placeholders (no string built by hand).",
        },
        {
          // next/dynamic with neither `loading` nor `ssr: false` has no Suspense boundary of its own: its
          // chunk suspends up to the page's streaming boundary, which hides the whole page (and the focused
          // control) while the chunk loads.
          selector: "CallExpression[callee.name='dynamic'][arguments.length=1]",
          message: "Give next/dynamic a `loading` (e.g. () => null) so it suspends inside its own boundary.",
        },
      ],
    },
  },
];
export default config;
