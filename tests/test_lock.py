"""uv.lock holds every dependency that pyproject.toml asks for (scripts/setup-env.sh installs
from the lock alone, refusing one that disagrees), and every place that installs uv pins the
same version.

After changing a dependency, or a merge that touched pyproject.toml: ./scripts/lock.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import unavailable

ROOT = Path(__file__).resolve().parents[1]


def _uv() -> str:
    beside = Path(sys.executable).with_name("uv")
    found = str(beside) if beside.exists() else shutil.which("uv")
    if found is None:
        unavailable("uv is not installed (./scripts/test installs it)")
    return found


def lock_problem(project: Path) -> str | None:
    """uv's complaint when the project's uv.lock does not satisfy its pyproject.toml; None when
    it does. Offline: a lock that agrees is checked without the network, and one that does not
    is never rewritten."""
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never", "UV_NO_PROGRESS": "1"}
    checked = subprocess.run(
        [_uv(), "lock", "--check", "--offline", "--directory", str(project)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return None if checked.returncode == 0 else checked.stderr.strip() or checked.stdout


def path_sources() -> list[str]:
    """The pyproject.toml of each dependency that [tool.uv.sources] names by its path (the
    test extra's game from outside): uv reads them to check the lock."""
    sources = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["uv"].get("sources", {})
    return [f"{source['path']}/pyproject.toml" for source in sources.values() if "path" in source]


def test_the_lock_agrees_with_pyproject() -> None:
    problem = lock_problem(ROOT)
    assert problem is None, f"pyproject.toml and uv.lock disagree; run ./scripts/lock:\n{problem}"


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(('"orjson>=3.10",', '"orjson>=3.10",\n    "tomli-w>=1",'), id="added"),
        pytest.param(('"orjson>=3.10",', ""), id="removed"),
        pytest.param(('"orjson>=3.10",', '"orjson>=3.10,<3.13",'), id="narrowed"),
        pytest.param(('"httpx>=0.27",', '"httpx>=0.27",\n    "tomli-w>=1",'), id="test-extra"),
    ],
)
def test_the_check_finds_a_pyproject_that_moved_away(
    tmp_path: Path, change: tuple[str, str]
) -> None:
    for name in ("pyproject.toml", "uv.lock", "README.md", *path_sources()):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    assert lock_problem(tmp_path) is None  # the copy agrees before the change
    old, new = change
    pyproject = (tmp_path / "pyproject.toml").read_text()
    assert old in pyproject
    (tmp_path / "pyproject.toml").write_text(pyproject.replace(old, new, 1))
    assert lock_problem(tmp_path) is not None
    assert (tmp_path / "uv.lock").read_bytes() == (ROOT / "uv.lock").read_bytes()


def test_every_locked_package_has_hashes() -> None:
    lock = tomllib.loads((ROOT / "uv.lock").read_text())
    for package in lock["package"]:
        if "registry" not in package["source"]:
            continue  # the project itself
        files = [*package.get("wheels", []), *([package["sdist"]] if "sdist" in package else [])]
        assert files, f"{package['name']}: no files in the lock"
        for file in files:
            assert file["hash"].startswith("sha256:"), f"{package['name']}: {file}"


def test_one_uv_version_everywhere() -> None:
    setup = re.search(r"^UV_VERSION=(\S+)", (ROOT / "scripts/setup-env.sh").read_text(), re.M)
    docker = re.search(r"pip install \S* ?uv==(\S+)", (ROOT / "Dockerfile").read_text())
    required = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["uv"]
    assert setup is not None and docker is not None
    assert required["required-version"] == f"=={setup[1]}" == f"=={docker[1]}"
