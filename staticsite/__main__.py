"""``python -m staticsite [--serve] [--port N] [--force]`` (what ``./dev site`` runs)."""

from __future__ import annotations

import argparse
import sys

from .build import OUT, BuildError, build
from .serve import serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev site", description="Build the static site into site/ "
                                     "(every page of the hub, its Python in the visitor's browser).")
    parser.add_argument("--serve", action="store_true", help="then serve it on http://127.0.0.1:PORT/")
    parser.add_argument("--port", type=int, default=8000, help="the port --serve listens on (default 8000)")
    parser.add_argument("--force", action="store_true",
                        help="build even if site/ was built from the same sources")
    args = parser.parse_args(argv)
    try:
        build(OUT, force=args.force)
    except BuildError as error:
        print(f"site: the build failed: {error}", file=sys.stderr)
        return 1
    if args.serve:
        serve(OUT, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
