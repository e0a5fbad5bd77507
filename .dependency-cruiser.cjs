/**
 * Dependency rules the compiler cannot see, checked by `npm run lint` (dependency-cruiser resolves
 * relative imports and the web's `@/` alias, so a rule holds however an import is written).
 */
const WEB = "^apps/web/src/";
const API = "^apps/api/src/";
/** Web features whose pieces other features show; they expose them through their index.ts. */
const SHARED_FEATURES = "(reminders)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
        pathNot: [`${WEB}features/$1/`, `${WEB}features/${SHARED_FEATURES}/index\\.ts$`],
      },
    },
    {
      name: "shared-feature-not-its-users",
      severity: "error",
      comment: "A shared feature is imported by other features and imports none of them (no arrow back).",
      from: { path: `${WEB}features/${SHARED_FEATURES}/` },
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
