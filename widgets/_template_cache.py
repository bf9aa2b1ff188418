"""Page templates compiled once per hub, not once per page.

Voila renders every page (each visitor's, each pool kernel's) with a new exporter, and nbconvert gives
each exporter a new Jinja environment, so every render parsed and compiled the same dozen templates
again: measured under 50 arriving visitors, that compilation was about a third of the hub's event-loop
time, the loop every visitor's clicks pass through. Jinja's own answer is a bytecode cache, consulted by
its loaders before compiling; this one lives in the hub's memory and is shared by every environment.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class SharedBytecodeCache(BytecodeCache):
    """Compiled templates by name and source checksum (Jinja checks the checksum on every load, so an
    edited template is compiled again), kept apart for async and sync environments, whose code differs."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(self, environment: Any, name: str, filename: str | None, source: str) -> Bucket:
        key = f"{self.get_cache_key(name, filename)}-{int(bool(environment.is_async))}"
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()


def install(cache: BytecodeCache | None = None) -> BytecodeCache:
    """Give every nbconvert exporter's environment (Voila's among them) ``cache``, from now on in this
    process: the hub calls it before serving."""
    from nbconvert.exporters.templateexporter import TemplateExporter

    shared = cache if cache is not None else SharedBytecodeCache()
    current = TemplateExporter._create_environment
    create = getattr(current, "__wrapped__", current)

    def create_environment(self: TemplateExporter) -> Any:
        environment = create(self)
        environment.bytecode_cache = shared
        return environment

    create_environment.__wrapped__ = create  # type: ignore[attr-defined]
    TemplateExporter._create_environment = create_environment  # type: ignore[method-assign]
    return shared
