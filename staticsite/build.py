"""``./dev site``: the static site in ``site/``, from the package registries alone.

What goes in (every download cached under ``.cache/site/``, ignored by git, so a second build fetches
nothing):

- Pyodide's core from npm (``js/package.json``, its exact versions in ``js/package-lock.json``), the
  widget manager that draws ipywidgets and anywidget tables without JupyterLab, and plotly.js, bundled
  by esbuild (npm too);
- the wheels the pages import in the browser, from PyPI, pinned with their hashes
  (``requirements.txt``: pydantic-core's is PyPI's own WebAssembly build for this Pyodide), and the
  project's own pure wheel (``py3-none-any``, built with ``RULES_EXPLORER_PURE=1``);
- the pages: every notebook of ``notebooks/`` as the hub shows it (:mod:`staticsite.pages`).

What comes out: ``site/index.html`` (the start page) and a page per notebook, ``NAME.html``; the
assets in ``site/_assets/<hash>/``, named by their content so that a host may cache them for ever
(``docs/hosting.md``); a ``pyodide-lock.json`` listing exactly the site's wheels, so that the browser
installs them in parallel and never asks a package index. ``site/.stamp`` holds a hash of every
input: a build whose inputs have not changed is reused as it is (``--force`` builds anyway).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "site"
CACHE = ROOT / ".cache" / "site"
JS = HERE / "js"
#: What the browser's Python is: Pyodide's ABI, which PyPI's WebAssembly wheels are tagged for.
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
#: The files of Pyodide's npm package the site serves (the rest is its docs, maps and consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: Inputs of a build beside the notebooks and the two packages' sources: a change to any rebuilds.
INPUTS = ("pyproject.toml", "setup.py")


class BuildError(RuntimeError):
    """A build step failed: the message says which and why."""


def run(command: list[str], cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{' '.join(command[:4])} ... failed ({done.returncode}):\n"
                         f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def say(text: str) -> None:
    print(f"site: {text}", flush=True)


# ---- what the site is built from -----------------------------------------------------------------


def source_files() -> list[Path]:
    """Every file a build reads from the checkout (the stamp hashes them)."""
    found: list[Path] = [ROOT / name for name in INPUTS]
    for folder in ("explorer", "widgets", "staticsite"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "node_modules" not in path.parts and "__pycache__" not in path.parts \
                    and "_native" not in path.parts and path.suffix not in (".so", ".pyc"):
                found.append(path)
    found += sorted((ROOT / "notebooks").glob("*.ipynb"))
    found += sorted((ROOT / "notebooks" / "data").rglob("*"))
    return [path for path in found if path.is_file()]


def stamp() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def is_current(out: Path = OUT) -> bool:
    marker = out / ".stamp"
    return marker.exists() and marker.read_text().strip() == stamp()


# ---- downloads ----------------------------------------------------------------------------------


def npm_modules() -> Path:
    """``node_modules`` for js/package-lock.json, installed once into the cache (``npm ci``)."""
    folder = CACHE / "npm"
    lock = (JS / "package-lock.json").read_bytes()
    marker = folder / ".lock-sha256"
    want = hashlib.sha256(lock + (JS / "package.json").read_bytes()).hexdigest()
    if not (marker.exists() and marker.read_text() == want and (folder / "node_modules").is_dir()):
        say("installing the npm packages (pyodide, the widget manager, plotly.js, esbuild)")
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(JS / name, folder / name)
        # --ignore-scripts: esbuild's binary comes as its own npm package; nothing needs to run.
        run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", str(CACHE / "npm-cache")],
            cwd=folder)
        marker.write_text(want)
    return folder / "node_modules"


def browser_wheels() -> list[Path]:
    """The wheels of requirements.txt for Pyodide's platform, by their hashes, from PyPI (cached)."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--require-hashes", "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON,
         "--implementation", "cp", "--abi", "cp314", "--abi", "none", "-r", str(HERE / "requirements.txt"),
         "-d", str(folder)])
    wanted = requirement_names()
    wheels = [path for path in sorted(folder.glob("*.whl")) if wheel_name(path) in wanted
              and wheel_version(path) == wanted[wheel_name(path)]]
    missing = set(wanted) - {wheel_name(path) for path in wheels}
    if missing:
        raise BuildError(f"no wheel downloaded for {sorted(missing)}")
    return wheels


def requirement_names() -> dict[str, str]:
    """requirements.txt's packages: normalised name -> pinned version."""
    found = {}
    for line in (HERE / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip().rstrip("\\").strip()
        if "==" in line and not line.startswith("--"):
            name, version = line.split("==", 1)
            found[normalise(name)] = version.split()[0]
    return found


def normalise(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def wheel_name(path: Path) -> str:
    return normalise(path.name.split("-")[0])


def wheel_version(path: Path) -> str:
    return path.name.split("-")[1]


def project_wheel(into: Path) -> Path:
    """The project's own wheel, pure Python: ``py3-none-any`` (setup.py, ``RULES_EXPLORER_PURE``)."""
    env = dict(os.environ, RULES_EXPLORER_PURE="1")
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp, str(ROOT)], env=env)
        made = list(Path(tmp).glob("*.whl"))
        if len(made) != 1 or not made[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"the project's wheel is not pure: {[p.name for p in made]}")
        target = into / made[0].name
        shutil.copy2(made[0], target)
    return target


# ---- the assets ---------------------------------------------------------------------------------


@dataclass
class Package:
    """One wheel in the site's pyodide-lock.json."""

    name: str
    version: str
    file_name: str
    sha256: str
    imports: list[str]  # what Pyodide would load the package for on an import: never asked here

    def lock_entry(self) -> dict[str, object]:
        return {"name": self.name, "version": self.version, "file_name": self.file_name,
                "install_dir": "site", "sha256": self.sha256, "package_type": "package",
                "imports": self.imports, "depends": [], "unvendored_tests": False, "shared_library": False}


def write_lock(pyodide_dir: Path, npm_lock: Path, wheels: list[Path]) -> list[str]:
    """pyodide-lock.json with the site's wheels only (Pyodide's own lists 357 it would fetch from its
    CDN); returns their names, which the page loads at start, in parallel."""
    info = json.loads(npm_lock.read_text())["info"]
    packages = []
    for wheel in wheels:
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        packages.append(Package(wheel_name(wheel), wheel_version(wheel), wheel.name,
                                hashlib.sha256(wheel.read_bytes()).hexdigest(), []))
    lock = {"info": info, "packages": {p.name: p.lock_entry() for p in packages}}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return [p.name for p in packages]


def bundle_js(node_modules: Path, into: Path) -> None:
    """page.js (and its page.css, with the widget controls' styles) by esbuild; worker.js as it is."""
    esbuild = node_modules / ".bin" / "esbuild"
    loaders = [f"--loader:.{ext}=file" for ext in ("woff", "woff2", "ttf", "eot", "svg")]
    run([str(esbuild), str(JS / "src" / "page.js"), "--bundle", "--format=esm", "--minify",
         "--target=es2022", "--legal-comments=none", f"--outfile={into / 'page.js'}",
         "--asset-names=[name]-[hash]", "--log-level=error", *loaders],
        env=dict(os.environ, NODE_PATH=str(node_modules)))
    shutil.copy2(JS / "src" / "worker.js", into / "worker.js")
    shutil.copy2(HERE / "kernel.py", into / "kernel.py")
    shutil.copy2(node_modules / "plotly.js-dist-min" / "plotly.min.js", into / "plotly.min.js")


def lab_css(into: Path) -> None:
    """JupyterLab's look, as nbconvert's lab template carries it (its light theme), plus the hub
    template's own page styles: one file every page shares."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("nbconvert", "templates"):
        static = Path(base) / "lab" / "static"
        if (static / "index.css").exists():
            break
    else:
        raise BuildError("nbconvert's lab template is not installed")
    hub = ROOT / "widgets" / "share" / "voila" / "templates" / "rules-explorer" / "static" / "page.css"
    parts = [(static / "index.css").read_text(), (static / "theme-light.css").read_text(), hub.read_text(),
             (HERE / "site.css").read_text()]
    (into / "lab.css").write_text("\n".join(parts))


def content_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


# ---- the build ----------------------------------------------------------------------------------


def build(out: Path = OUT, force: bool = False) -> Path:
    """Build the site into ``out`` (reused as it is when its stamp matches the sources)."""
    from . import pages

    want = stamp()
    if not force and (out / ".stamp").exists() and (out / ".stamp").read_text().strip() == want:
        say(f"{out} is up to date (stamp {want}); --force builds anyway")
        return out
    work = Path(tempfile.mkdtemp(prefix="site-", dir=out.parent))
    try:
        assets = work / "_assets" / "new"
        pyodide_dir = assets / "pyodide"
        pyodide_dir.mkdir(parents=True)
        node_modules = npm_modules()
        for name in PYODIDE_FILES:
            shutil.copy2(node_modules / "pyodide" / name, pyodide_dir / name)
        say("downloading the browser's wheels (cached)")
        wheels = browser_wheels()
        say("building the project's pure wheel")
        with tempfile.TemporaryDirectory() as tmp:
            wheels.append(project_wheel(Path(tmp)))
            packages = write_lock(pyodide_dir, node_modules / "pyodide" / "pyodide-lock.json", wheels)
        say("bundling the page runtime")
        bundle_js(node_modules, assets)
        lab_css(assets)
        named = assets.with_name(content_hash(assets))
        assets.rename(named)
        say("writing the pages")
        pages.write_pages(work, f"_assets/{named.name}/", packages)
        (work / ".stamp").write_text(want + "\n")
        if out.exists():
            shutil.rmtree(out)
        work.chmod(0o755)  # mkdtemp's folder is the builder's alone; a web server serves it to all
        work.rename(out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    say(f"built {out} ({sum(p.stat().st_size for p in out.rglob('*') if p.is_file()) / 1e6:.1f} MB)")
    return out
