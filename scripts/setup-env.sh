# Shared by scripts/serve, scripts/test and scripts/lock: a virtual environment (.venv) holding
# the project and exactly the versions uv.lock names, each checked against the lock's hashes.
# uv installs them (from PyPI, into .venv, with the venv's own Python); pip only installs uv.
PYTHON=${PYTHON:-python3}
UV_VERSION=0.13.9 # the uv that reads and writes uv.lock (pyproject.toml requires it too)
export UV_PYTHON_DOWNLOADS=never # uv uses .venv's Python, never fetches one
export UV_SYSTEM_CERTS=1          # the machine's certificate authorities (a proxy's included)
# Python keeps the modules it compiles (in __pycache__, git-ignored) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE=1, as on CI's machines): else every process compiles every
# module again, and a server took 4.3 s to start instead of 1.6 s (the tests start dozens).
unset PYTHONDONTWRITEBYTECODE

ensure_uv() {
  if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
  fi
  if [ "$(.venv/bin/uv --version 2>/dev/null | cut -d' ' -f2)" != "$UV_VERSION" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==$UV_VERSION"
  fi
}

# ensure_venv [EXTRA]: the project and its dependencies (and those of the extra, e.g. `test`)
# as uv.lock has them; again whenever uv.lock or pyproject.toml has changed since. Packages the
# lock does not name are left alone (a tool someone added by hand, the other extra's).
# `--locked` refuses a lock that pyproject.toml has moved away from: run ./scripts/lock.
ensure_venv() {
  local extra=${1:-}
  ensure_uv
  local stamp=".venv/.synced${extra:+-$extra}"
  if [ ! -f "$stamp" ] || [ uv.lock -nt "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/uv sync --quiet --locked --inexact ${extra:+--extra "$extra"}
    touch "$stamp"
  fi
}
