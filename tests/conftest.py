import json
import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
GOLDEN = Path(__file__).resolve().parent / "golden"

settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def load_vectors(name: str):
    """Test vectors: the copy in tests/data, checked against ../shared/vectors when present."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    shared = ROOT.parent / "shared" / "vectors" / name
    if shared.exists():
        assert json.loads(shared.read_text(encoding="utf-8")) == data, f"tests/data/{name} is stale"
    return data


def debian_tool(program: str, package: str) -> str | None:
    """The path of ``program``; when it is missing, the Debian ``package`` that has it is installed
    first (the tests run as root on the CI machine). None where that cannot be done."""
    import shutil
    import subprocess

    found = shutil.which(program)
    if found or not shutil.which("apt-get") or os.geteuid() != 0:
        return found
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, timeout=900, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, timeout=1800, env=env)
    return shutil.which(program)


def update_golden() -> bool:
    return os.environ.get("HARUPAN_UPDATE_GOLDEN") == "1"


@pytest.fixture
def runner():
    from click.testing import CliRunner

    return CliRunner()
