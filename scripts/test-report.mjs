// Prints what the JSON reports of `npm test` hold: every failed test (or file that failed to run)
// with the start of its message, the tests that passed only when run again (the browser suite
// retries once) with their first error, then the totals. Usage: node scripts/test-report.mjs <dir> <started>
import { readdirSync, readFileSync } from "node:fs";
import { relative } from "node:path";

const [dir, started] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const retried = [];
for (const file of readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort()) {
  const report = JSON.parse(readFileSync(`${dir}/${file}`, "utf8"));
  const suite = file.replace(/\.json$/, "");
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults) {
    const where = `${suite}: ${relative(process.cwd(), result.name)}`;
    const failedTests = result.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests)
      failures.push([`${where} > ${test.fullName}`, test.failureMessages.join("\n")]);
    for (const test of result.assertionResults)
      if (test.status === "passed" && test.failureMessages.length > 0)
        retried.push([`${where} > ${test.fullName}`, test.failureMessages[0]]);
    if (result.status === "failed" && failedTests.length === 0) failures.push([where, result.message]);
  }
}
const indented = (message) =>
  message
    .split("\n")
    .slice(0, 12)
    .map((line) => `    ${line}`)
    .join("\n");
if (retried.length > 0) {
  console.log(`\n${retried.length} test(s) passed only when run again (a race to fix):`);
  for (const [name, message] of retried) console.log(`\n↻ ${name}\n${indented(message)}`);
}
if (failures.length > 0) {
  console.log(`\n${failures.length} failure(s):`);
  for (const [name, message] of failures) console.log(`\n✗ ${name}\n${indented(message)}`);
}
const seconds = started ? ` in ${Math.round(Date.now() / 1000 - Number(started))} s` : "";
const again = retried.length > 0 ? ` (${retried.length} only when run again)` : "";
console.log(`\ntests: ${passed} passed${again}, ${failed} failed, ${skipped} skipped${seconds}`);
