/**
 * What a first visit downloads: `/login` signed out, then `/dashboard` signed in with a company
 * synced with the sample QuickBooks company, each in a new Chromium context (empty cache). The
 * app runs as `npm start` runs it (the built web app, the API, the local sandboxes wired by
 * `wireLocalSandboxes`); the web app is built first unless BENCH_SKIP_BUILD=1.
 * Run: `npm run bench:page-weight` (BENCH_LABEL names the run in bench/results/page-weight.json).
 *
 * Bytes come from Chromium's Resource Timing entries: `encodedBodySize` is the body as it came
 * over the wire (compressed when the server compressed it), `decodedBodySize` the body once
 * decoded; headers are left out. Resources are grouped by type: JS, CSS, other (the document,
 * fonts, images, API calls).
 */
import { execSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@recoup/api/app";
import { loadConfig } from "@recoup/api/config";
import { wireLocalSandboxes } from "@recoup/api/local-sandboxes";
import { connectedCompany, httpCaller, Mailbox } from "@recoup/api/testing";
import { heldPort } from "@recoup/api/testing/net";
import { type BrowserContext, chromium, type Page } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const resultsFile = path.join(import.meta.dirname, "results", "page-weight.json");
const label = process.env.BENCH_LABEL ?? "latest";
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

if (process.env.BENCH_SKIP_BUILD !== "1") {
  log("building the web app (npm run build)…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
}

// --- The app as npm start runs it, on free ports. ---
const { port, release } = await heldPort();
const appUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-page-weight-"));
const sandboxes = await wireLocalSandboxes(
  { NODE_ENV: "test", LOG_LEVEL: "warn", PORT: String(port), APP_URL: appUrl, DATA_DIR: dataDir },
  { freePorts: true },
);
const { app } = await buildApp(loadConfig(sandboxes.env));
await release();
await app.listen({ port, host: "127.0.0.1" });
log(`app at ${appUrl}`);

const user = await connectedCompany(
  { call: httpCaller(appUrl), mailbox: new Mailbox(sandboxes.mail!.inboxUrl) },
  sandboxes.quickbooks!.baseUrl,
  { label: "page-weight", firstName: "Pat", lastName: "Weight" },
);
log(`signed up ${user.email}, company synced with the sample QuickBooks company`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});

type Kind = "js" | "css" | "other";
interface Tally {
  files: number;
  encodedBytes: number;
  decodedBytes: number;
}
interface Resource {
  url: string;
  encodedBytes: number;
  decodedBytes: number;
}

const kindOf = (url: string): Kind => {
  const pathname = new URL(url).pathname;
  if (/\.m?js$/.test(pathname)) return "js";
  if (pathname.endsWith(".css")) return "css";
  return "other";
};

/** Every resource the page loaded so far (the document first), from Resource Timing. */
function resourcesOf(page: Page): Promise<Resource[]> {
  // A string, run in the page: this package is compiled without the DOM's types.
  return page.evaluate<Resource[]>(`[
    ...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource"),
  ].map((e) => ({ url: e.name, encodedBytes: e.encodedBodySize, decodedBytes: e.decodedBodySize }))`);
}

/** Loads `pathname` in `context` (new, so nothing is cached), waits for `ready`, and tallies. */
async function weigh(context: BrowserContext, pathname: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const encodings: Record<string, Record<string, number>> = { js: {}, css: {}, other: {} };
  page.on("response", (res) => {
    const kind = kindOf(res.url());
    const encoding = res.headers()["content-encoding"] ?? "identity";
    encodings[kind]![encoding] = (encodings[kind]![encoding] ?? 0) + 1;
  });
  await page.goto(`${appUrl}${pathname}`, { waitUntil: "networkidle" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  const resources = await resourcesOf(page);
  const byKind: Record<Kind, Tally> = {
    js: { files: 0, encodedBytes: 0, decodedBytes: 0 },
    css: { files: 0, encodedBytes: 0, decodedBytes: 0 },
    other: { files: 0, encodedBytes: 0, decodedBytes: 0 },
  };
  for (const r of resources) {
    const tally = byKind[kindOf(r.url)];
    tally.files += 1;
    tally.encodedBytes += r.encodedBytes;
    tally.decodedBytes += r.decodedBytes;
  }
  const total = Object.values(byKind).reduce(
    (sum, t) => ({
      files: sum.files + t.files,
      encodedBytes: sum.encodedBytes + t.encodedBytes,
      decodedBytes: sum.decodedBytes + t.decodedBytes,
    }),
    { files: 0, encodedBytes: 0, decodedBytes: 0 },
  );
  const js = resources
    .filter((r) => kindOf(r.url) === "js")
    .map((r) => ({
      file: new URL(r.url).pathname,
      encodedBytes: r.encodedBytes,
      decodedBytes: r.decodedBytes,
    }))
    .sort((a, b) => b.encodedBytes - a.encodedBytes);
  return { page, figures: { ...byKind, total, encodings, jsFiles: js } };
}

const newContext = (storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>) =>
  browser.newContext({ viewport: { width: 1280, height: 860 }, ...(storageState ? { storageState } : {}) });

// --- /login, signed out. ---
const loginContext = await newContext();
const login = await weigh(loginContext, "/login", (page) =>
  page.getByRole("button", { name: "Login", exact: true }).waitFor({ state: "visible", timeout: 30_000 }),
);
log(
  `/login: ${JSON.stringify({ js: login.figures.js, css: login.figures.css, other: login.figures.other })}`,
);

// Sign in through the form, then open /dashboard in a new context holding only the session.
await login.page.getByLabel("Email", { exact: true }).fill(user.email);
await login.page.getByLabel("Password", { exact: true }).fill(user.password);
await login.page.getByRole("button", { name: "Login", exact: true }).click();
await login.page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 30_000 });
const session = await loginContext.storageState();
await loginContext.close();

const dashboardContext = await newContext(session);
const dashboard = await weigh(dashboardContext, "/dashboard", async (page) => {
  await page
    .getByRole("heading", { name: "Dashboard", level: 1 })
    .waitFor({ state: "visible", timeout: 30_000 });
  await page.waitForFunction(`!document.querySelector('[aria-busy="true"], [data-slot="skeleton"]')`, null, {
    timeout: 30_000,
  });
});
log(`/dashboard: ${JSON.stringify({ js: dashboard.figures.js, css: dashboard.figures.css })}`);
await dashboardContext.close();

const chromiumVersion = browser.version();
await browser.close();
await sandboxes.close();
app.server.closeAllConnections();
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const git = (args: string) => execSync(`git ${args}`, { cwd: root, encoding: "utf8" }).trim();
const run = {
  date: new Date().toISOString().slice(0, 10),
  commit: git("rev-parse --short HEAD") + (git("status --porcelain -- apps packages") ? "+changes" : ""),
  node: process.version,
  chromium: chromiumVersion,
  load: +loadavg()[0]!.toFixed(2),
  pages: { "/login": login.figures, "/dashboard": dashboard.figures },
};
console.log(JSON.stringify(run, null, 2));
mkdirSync(path.dirname(resultsFile), { recursive: true });
const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, "utf8")) as object) : {};
writeFileSync(resultsFile, `${JSON.stringify({ ...previous, [label]: run }, null, 2)}\n`);
log(`written to ${path.relative(root, resultsFile)} as "${label}"`);
