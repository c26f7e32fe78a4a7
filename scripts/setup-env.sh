# Shared by scripts/serve and scripts/test: a virtual environment with the project installed.
PYTHON=${PYTHON:-python3}

ensure_venv() {
  local extra=${1:-}
  if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
  fi
  local stamp=".venv/.installed${extra:+-$extra}"
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
    touch "$stamp"
  fi
}
