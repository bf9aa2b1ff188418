"""The build: pure Python, plus a compiled core where mypyc and a C compiler can make one.

Everything else is in ``pyproject.toml``. ``build_ext`` compiles the few modules named in
``explorer/_compiled.py`` (``MODULES``) with mypyc into ``explorer/_native/`` and records the SHA-256
of each source it compiled in ``explorer/_native/stamps.json``; the engine loads them only while those
stamps match its sources (``explorer._compiled``). When it cannot compile (no mypy in the build
environment, no C compiler, a build error, or ``RULES_EXPLORER_PURE=1``) it says so in one line and the
package installs as pure Python: the install never fails for want of the compiled core.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.dist import Distribution

ROOT = Path(__file__).resolve().parent
# mypyc's group (its shared library is explorer/_native/core__mypyc*.so) and the C files' directory.
GROUP = "explorer._native.core"
TARGET = "build/mypyc"
# -O1: the C compiler's share of the build is most of it; -O2/-O3 made the playouts no faster here.
OPT_LEVEL = os.environ.get("RULES_EXPLORER_OPT", "1")
# The compiled modules' imports are type-checked only as far as they need (their errors are not
# these modules' to report), and a build environment without the engine's dependencies reads them
# as Any.
MYPY_OPTIONS = ["--ignore-missing-imports", "--follow-imports=silent", "--no-warn-unused-ignores",
                "--cache-dir", "build/mypyc-cache"]


# What mypyc sets on the extensions it makes, copied onto the planned ones.
COPIED = ("sources", "include_dirs", "define_macros", "undef_macros", "library_dirs", "libraries",
          "runtime_library_dirs", "extra_objects", "extra_compile_args", "extra_link_args", "depends",
          "language")


def compiled_modules() -> list[str]:
    """``MODULES`` from explorer/_compiled.py, read without importing the package."""
    tree = ast.parse((ROOT / "explorer" / "_compiled.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "MODULES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise RuntimeError("explorer/_compiled.py defines no MODULES")


def source(module: str) -> Path:
    return Path(*module.split(".")).with_suffix(".py")


def native_name(module: str) -> str:
    """Where a compiled module goes: ``explorer._native.`` and its path in the package, so that two
    modules of one name in different packages (each game's ``_kernel``) never share a file."""
    return "explorer._native." + module.removeprefix("explorer.")


def notice(why: str) -> None:
    why = why if len(why) <= 200 else why[:200] + "..."  # a compiler's whole command line is long
    print(f"rules-explorer: no compiled core ({why}); the engine runs as pure Python", file=sys.stderr)


class BuildCore(build_ext):
    """Compiles the core when it can; otherwise builds nothing and says why.

    The extensions are named when the command is set up (setuptools plans the build, and the
    metadata step, from the names) and made by mypyc only when it runs: mypy's pass is most of the
    build's time, and runs once.
    """

    stamps: dict[str, str] = {}  # noqa: RUF012  # module -> SHA-256 of the source compiled

    def finalize_options(self) -> None:
        self.distribution.ext_modules = self._planned()
        super().finalize_options()

    def _planned(self) -> list[Extension]:
        if pure_requested():
            notice("RULES_EXPLORER_PURE is set")
            return []
        try:
            import mypyc.build  # noqa: F401
        except ImportError:
            notice("mypyc is not installed where the package is built")
            return []
        names = [f"{GROUP}__mypyc"] + [native_name(m) for m in compiled_modules()]
        return [Extension(name, sources=[]) for name in names]

    def _compile(self) -> bool:
        """Has mypyc write the C files and fills in the planned extensions; False if it cannot."""
        from mypyc.build import mypycify

        modules = compiled_modules()
        # Stamped before compiling: a source edited during the build then fails the guard.
        self.stamps = {m: hashlib.sha256((ROOT / source(m)).read_bytes()).hexdigest() for m in modules}
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            made = mypycify([*MYPY_OPTIONS, *map(str, map(source, modules))], opt_level=OPT_LEVEL,
                            debug_level="0", group_name=GROUP, target_dir=TARGET)
        except (Exception, SystemExit) as error:  # mypyc reports its own errors with SystemExit
            notice(f"mypyc failed: {error}")
            return False
        finally:
            os.chdir(cwd)
        by_name = {}
        for extension in made:  # the modules out of Python's way: explorer._compiled loads them
            name = extension.name
            by_name[native_name(name) if name in modules else name] = extension
        if set(by_name) != {extension.name for extension in self.extensions}:
            notice(f"mypyc made other extensions than planned: {sorted(by_name)}")
            return False
        for extension in self.extensions:
            for field in COPIED:
                setattr(extension, field, getattr(by_name[extension.name], field))
        return True

    def run(self) -> None:
        stamps_here = [Path(self.build_lib) / "explorer" / "_native"]
        if self.inplace:
            stamps_here.append(ROOT / "explorer" / "_native")
        for folder in stamps_here:  # a build that fails leaves no stamps: the sources run
            (folder / "stamps.json").unlink(missing_ok=True)
        if not self.extensions:
            return
        if not self._compile():
            self.extensions = []
            return
        if self.inplace:  # editable installs: copied beside the sources, into a folder of their own
            for module in compiled_modules():  # a game's module in a subfolder named after its package
                (ROOT / Path(*native_name(module).split(".")[:-1])).mkdir(parents=True, exist_ok=True)
        try:
            super().run()
        except (Exception, SystemExit) as error:
            notice(f"the C build failed: {error}")
            self.extensions = []
            shutil.rmtree(Path(self.build_lib) / "explorer" / "_native", ignore_errors=True)
            return
        for folder in stamps_here:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "stamps.json").write_text(json.dumps(self.stamps, indent=1) + "\n")


def pure_requested() -> bool:
    return os.environ.get("RULES_EXPLORER_PURE", "") not in ("", "0")


class CoreDistribution(Distribution):
    """Runs ``build_ext`` on every build: the extensions are known only once it runs. A build asked to
    be pure (``RULES_EXPLORER_PURE=1``) has none, and its wheel is tagged ``py3-none-any``: the static
    site's browser (Pyodide, through micropip or its loader) refuses a wheel tagged for CPython on Linux."""

    def has_ext_modules(self) -> bool:
        return not pure_requested()


setup(distclass=CoreDistribution, cmdclass={"build_ext": BuildCore})
