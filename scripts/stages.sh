# Stage timing for scripts/test.sh and .ci/run (sourced, not run).
# `stage NAME command…` runs the command and appends "NAME<TAB>seconds<TAB>exit code" to
# $STAGE_LOG, returning the command's exit code; print_stages prints the log as a table.

stage() {
  local name=$1 start=$SECONDS rc=0
  shift
  echo "== $name"
  "$@" || rc=$?
  printf '%s\t%s\t%s\n' "$name" $((SECONDS - start)) "$rc" >>"$STAGE_LOG"
  return "$rc"
}

print_stages() {
  [ -s "$STAGE_LOG" ] || return 0
  echo
  echo "stage times:"
  awk -F'\t' '{
      printf "  %-24s %5d s  %s\n", $1, $2, ($3 == 0 ? "ok" : "failed (" $3 ")")
      total += $2
    }
    END { printf "  %-24s %5d s (%dm%02ds)\n", "total", total, total / 60, total % 60 }' "$STAGE_LOG"
}
