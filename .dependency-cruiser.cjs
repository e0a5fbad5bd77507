/**
 * Dependency rules the compiler cannot see, checked by `npm run lint` (dependency-cruiser resolves
 * relative imports and the web's `@/` alias, so a rule holds however an import is written).
 */
const WEB = "^apps/web/src/";
const API = "^apps/api/src/";
/** Web features whose pieces other features show; they expose them through their index.ts. */
const WEB_SHARED_FEATURES = "(reminders|statements)";
const MODULES = `${API}modules/`;

/**
 * The API's modules in layers, lowest first (docs/architecture.md draws them). A module may import
 * a module of its own layer's lower entries or of a lower layer, through its index.ts; never up.
 */
const CORE = ["receivables", "contacts", "auth", "quickbooks", "profile", "health", "metrics"];
const FEATURES = [
  "pauses",
  "holds",
  "customer-links",
  "mailbox",
  "communications",
  "reminders",
  "statements",
  "billing",
  "drafts",
  "notes",
];
const PAGES = ["invoices", "customers", "dashboard", "onboarding", "customer-page"];
const any = (names) => `${MODULES}(${names.join("|")})/`;

/** Each feature may use the features before it in FEATURES, never one after it. */
const featureOrder = FEATURES.slice(0, -1).map((name, i) => ({
  name: `feature-order-${name}`,
  severity: "error",
  comment: `${name} sits below ${FEATURES.slice(i + 1).join(", ")}: it must not import them (pass a port in at the assembly instead).`,
  from: { path: `${MODULES}${name}/` },
  to: { path: any(FEATURES.slice(i + 1)) },
}));

/** What lies above each of the API's own layers (lowest first): lib, config, db and integrations, context, jobs, modules. */
const ABOVE = {
  lib: "(config(\\.ts|/)|db|integrations|context\\.ts|jobs|modules|plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  db: "(integrations|context\\.ts|jobs|modules|plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  integrations: "(db|context\\.ts|jobs|modules|plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  "context\\.ts": "(jobs|modules|plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  jobs: "(modules|plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  modules: "(plugins|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
  plugins: "(modules|assembly\\.ts|app\\.ts|main\\.ts|worker\\.ts)",
};
const layerRules = Object.entries(ABOVE).map(([layer, above]) => ({
  name: `api-layer-${layer.replace(/\\.*$/, "")}`,
  severity: "error",
  comment:
    "An arrow never points up: lib < config < db, integrations < context < jobs < modules < assembly (app, worker).",
  from: { path: `${API}${layer}`, pathNot: "\\.test\\.ts$" },
  to: { path: `${API}${above}` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "api-module-surface",
      severity: "error",
      comment: "A module is used through its index.ts; its other files are its own.",
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: "api-module-surface-outside",
      severity: "error",
      comment:
        "Outside the modules (the assembly, jobs, tests, benches), a module is reached only through its index.ts.",
      from: { pathNot: [MODULES, "^apps/api/test/internals\\.ts$"] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: "api-core-below-features",
      severity: "error",
      comment: "The core (the synced ledger, QuickBooks, auth, profile) depends on no feature or page.",
      from: { path: any(CORE) },
      to: { path: any([...FEATURES, ...PAGES]) },
    },
    {
      name: "api-receivables-alone",
      severity: "error",
      comment: "receivables, the ledger every feature reads, imports no other module.",
      from: { path: `${MODULES}receivables/` },
      to: { path: MODULES, pathNot: `${MODULES}receivables/` },
    },
    {
      name: "api-features-below-pages",
      severity: "error",
      comment:
        "Features (reminders, communications, billing, drafts, notes) never import the pages' read models.",
      from: { path: any(FEATURES) },
      to: { path: any(PAGES) },
    },
    ...featureOrder,
    {
      name: "api-pages-apart",
      severity: "error",
      comment:
        "A page's read model never imports another page's: what two pages share belongs in receivables.",
      from: { path: `${MODULES}(${PAGES.join("|")})/` },
      to: { path: any(PAGES), pathNot: `${MODULES}$1/` },
    },
    ...layerRules,
    {
      name: "routes-not-repositories",
      severity: "error",
      comment: "A route parses, calls a service and replies; queries belong to the service's repository.",
      from: { path: `${API}.+\\.routes\\.ts$` },
      to: { path: "\\.repository\\.ts$" },
    },
    {
      name: "tests-through-surfaces",
      severity: "error",
      comment:
        "Tests, benches and scripts reach the API's src through module surfaces, the app, config, schema and lib, or the declared kit (apps/api/test/internals.ts).",
      from: { path: "^(apps/api/test|bench|e2e|scripts)/", pathNot: "^apps/api/test/internals\\.ts$" },
      to: {
        path: API,
        pathNot: [
          `${MODULES}[^/]+/index\\.ts$`,
          `${API}(app|config|context|local-sandboxes)\\.ts$`,
          `${API}db/schema/`,
          `${API}lib/`,
        ],
      },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles (even type-only ones) make modules load half-built and hide layering mistakes.",
      from: { path: "^(apps|packages|sandboxes)/" },
      to: { circular: true },
    },
    {
      name: "drizzle-only-in-repositories",
      severity: "error",
      comment: "Only *.repository.ts files and src/db/ speak SQL; services call repositories.",
      from: { path: API, pathNot: ["\\.repository\\.ts$", `${API}db/`] },
      to: { path: "node_modules/drizzle-orm" },
    },
    {
      name: "context-without-jobs",
      severity: "error",
      comment:
        "context.ts describes the app; jobs are registered where the app is assembled (app.ts, worker.ts).",
      from: { path: `${API}context\\.ts$` },
      to: { path: `${API}jobs/` },
    },
    {
      name: "feature-isolation",
      severity: "error",
      comment:
        "Features never import each other's files: move what both need to components, lib or hooks; a shared feature is reached through its index.ts only.",
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/${WEB_SHARED_FEATURES}/index\\.ts$`],
      },
    },
    {
      name: "shared-feature-not-its-users",
      severity: "error",
      comment: "A shared feature is imported by other features and imports none of them (no arrow back).",
      from: { path: `${WEB}features/${WEB_SHARED_FEATURES}/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: "features-not-app",
      severity: "error",
      comment: "Imports flow shared (components, lib, hooks) → features → app.",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: "shared-not-features",
      severity: "error",
      comment: "Shared code (components, lib, hooks) must not import features or app.",
      from: { path: `${WEB}(components|lib|hooks)/` },
      to: { path: `${WEB}(features|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["/dist/", "\\.data"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
