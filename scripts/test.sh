#!/usr/bin/env bash
# npm test: typecheck, lint, vitest, Playwright, in that order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=.tmp/reports
mkdir -p "$reports"
rm -f "$reports"/*.json
source scripts/stages.sh
# Run alone, npm test keeps and prints its own stage times; under .ci/run they join its log.
if [ -z "${STAGE_LOG:-}" ]; then
  STAGE_LOG=$reports/stages.tsv
  : >"$STAGE_LOG"
  trap 'node scripts/test-summary.mjs "$reports"; print_stages' EXIT
else
  trap 'node scripts/test-summary.mjs "$reports"' EXIT
fi

stage typecheck npm run -s typecheck
stage lint npm run -s lint
stage vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
stage playwright npx playwright test
