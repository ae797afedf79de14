# What npm test needs from the system (sourced by scripts/test.sh and .ci/run, not run).
# `missing_system_packages` prints the Debian packages still to install, one per line.

missing_system_packages() {
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || echo chromium
  [ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] ||
    echo chromium-headless-shell
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || echo postgresql
  command -v haproxy >/dev/null || echo haproxy
}

# Stops at once, naming the one line to run, when something is missing.
require_system_packages() {
  local missing
  missing=$(missing_system_packages | tr '\n' ' ')
  [ -z "$missing" ] && return 0
  echo "npm test needs system packages that are not installed. Run:" >&2
  echo "  apt-get install -y ${missing% }" >&2
  return 1
}
