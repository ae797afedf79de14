#!/usr/bin/env bash
# npm test: typecheck, lint, vitest, Playwright, in that order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=.tmp/reports
mkdir -p "$reports"
rm -f "$reports"/*.json
trap 'node scripts/test-summary.mjs "$reports"' EXIT

echo "== typecheck"
npm run -s typecheck
echo "== lint"
npm run -s lint
echo "== vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
echo "== playwright"
npx playwright test
