#!/usr/bin/env bash
# npm test: lint, type check, build, unit tests, API tests on PGlite and on PostgreSQL, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
PATH="$PWD/node_modules/.bin:$PATH" # the project's Node 24 (npm run does the same; this is for bash scripts/test.sh)
results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"
started=$(date +%s)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
vitest() { # vitest <dir> <name> [env...]: runs one suite, keeping a JSON summary for the totals
  local dir=$1 name=$2; shift 2
  (cd "$dir" && env "$@" npx vitest run --reporter=default --reporter=json --outputFile="$OLDPWD/$results/$name.json")
}

step "runtime"
node scripts/check-node.mjs
step "lint and format (biome), dependency rules (dependency-cruiser)"
npx biome check .
npm run lint:deps
step "type check"
npm run typecheck
step "build the web app"
npm run build
step "unit tests: sandboxes and web"
vitest sandboxes/mail sandbox-mail
vitest sandboxes/google sandbox-google
vitest sandboxes/quickbooks sandbox-quickbooks
vitest sandboxes/stripe sandbox-stripe
vitest sandboxes/llm sandbox-llm
vitest apps/web web
step "API tests on PGlite and on PostgreSQL (at once: each runs its files one at a time)"
# PostgreSQL's run goes to a log, shown whole when both are done; PGlite's is shown as it runs.
vitest apps/api api-postgres TEST_DB=postgres >.tmp/api-postgres.log 2>&1 &
postgres_run=$!
pglite_status=0
vitest apps/api api-pglite TEST_DB=pglite || pglite_status=$?
postgres_status=0
wait "$postgres_run" || postgres_status=$?
step "API tests on PostgreSQL: the log"
cat .tmp/api-postgres.log
if [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  node scripts/test-report.mjs "$results"
  echo "API tests failed (PGlite: exit $pglite_status, PostgreSQL: exit $postgres_status)"
  exit 1
fi
step "browser tests (Chromium)"
bash scripts/ensure-chromium.sh
e2e_status=0
vitest e2e e2e || e2e_status=$?

node scripts/test-report.mjs "$results" "$started"
exit "$e2e_status"
