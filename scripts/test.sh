#!/usr/bin/env bash
# npm test: the system packages it needs, then typecheck, lint and import cycles, vitest,
# Playwright, the cluster test, in that order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=.tmp/reports
mkdir -p "$reports"
rm -f "$reports"/*.json
source scripts/stages.sh
source scripts/system-needs.sh
# Chromium, its headless shell, PostgreSQL and HAProxy: checked before minutes of other stages.
require_system_packages || exit 1
# Run alone, npm test keeps and prints its own stage times; under .ci/run they join its log.
if [ -z "${STAGE_LOG:-}" ]; then
  STAGE_LOG=$reports/stages.tsv
  : >"$STAGE_LOG"
  trap 'node scripts/test-summary.mjs "$reports"; print_stages' EXIT
else
  trap 'node scripts/test-summary.mjs "$reports"' EXIT
fi

# Type checking and linting each keep one core busy: on two cores they run side by side.
static_checks() {
  local tc=0 lint=0
  npm run -s typecheck >"$reports/typecheck.log" 2>&1 &
  local tc_pid=$!
  { npm run -s lint && npx tsx scripts/check-cycles.ts; } >"$reports/lint.log" 2>&1 || lint=$?
  wait "$tc_pid" || tc=$?
  echo "-- typecheck (exit $tc)"; cat "$reports/typecheck.log"
  echo "-- lint + import cycles (exit $lint)"; cat "$reports/lint.log"
  [ "$tc" -eq 0 ] && [ "$lint" -eq 0 ]
}
stage "typecheck + lint" static_checks
stage vitest npx vitest run --project unit --project unit-dom --project build --project api \
  --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
stage playwright npx playwright test
# Three servers, HAProxy and a PostgreSQL of its own, under load with faults: alone, after the rest.
stage cluster npx vitest run --project cluster \
  --reporter=default --reporter=json --outputFile.json="$reports/vitest-cluster.json"
