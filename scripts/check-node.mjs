// Says which Node runs the project's scripts, and stops when it is older than package.json's engines.
import { readFileSync } from "node:fs";

const wanted = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const major = Number(process.versions.node.split(".")[0]);
console.log(`Node ${process.version} (${process.execPath})`);
if (major < Number(wanted.replace(/^>=\s*/, "").split(".")[0])) {
  console.error(
    `Recoup runs on Node ${wanted}: npm ci puts it in node_modules/.bin on Linux; elsewhere install it`,
  );
  process.exit(1);
}
