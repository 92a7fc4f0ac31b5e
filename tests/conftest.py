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


TOOLS = Path(os.environ.get("HARUPAN_TOOLS", Path.home() / ".cache" / "harupan-tools"))


def npm_tool(package: str, version: str, file: str) -> Path:
    """``file`` inside the npm ``package`` at exactly ``version``, installed when missing into a
    cache folder outside the source tree (``$HARUPAN_TOOLS``, default ~/.cache/harupan-tools).
    Fails naming the tool when npm cannot get it."""
    import json as _json
    import shutil
    import subprocess

    folder = TOOLS / f"{package}-{version}"
    path = folder / "node_modules" / package / file
    meta = folder / "node_modules" / package / "package.json"
    try:
        if path.is_file() and _json.loads(meta.read_text())["version"] == version:
            return path
    except (OSError, ValueError, KeyError):
        pass
    npm = shutil.which("npm") or debian_tool("npm", "npm")
    assert npm, f"{package}@{version} is needed and npm is not installed"
    folder.mkdir(parents=True, exist_ok=True)
    r = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--silent", "--prefix", str(folder),
                        f"{package}@{version}"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and path.is_file(), f"cannot install {package}@{version} from npm: {r.stderr.strip()[-500:]}"
    return path


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BROWSER_DATE = "2026-11-29"


@pytest.fixture(scope="session")
def browser_site(tmp_path_factory):
    """A site with one day (all three levels), built once for the page tests."""
    import subprocess
    import sys

    site = tmp_path_factory.mktemp("browser") / "site"
    env = dict(os.environ, HARUPAN_PAR="quick", HARUPAN_DIFFICULTIES="easy,normal,hard")
    r = subprocess.run([sys.executable, "-m", "harupan", "daily", "--date", BROWSER_DATE, "--site", str(site)],
                       cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return site


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium (installed when missing), driven by Playwright."""
    from playwright.sync_api import sync_playwright

    path = debian_tool("chromium", "chromium")
    assert path, "chromium is not installed and cannot be installed"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()
