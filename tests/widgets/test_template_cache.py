"""The hub's shared template cache (widgets/_template_cache.py): a page's second render compiles no
template, renders the same page, and an edited template or an async environment is never handed
another's code."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import jinja2
import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.exporters.templateexporter import TemplateExporter

from widgets import _template_cache


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the templates Jinja compiles from source while the test runs."""
    names: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: Any, name: str | None = None, *args: Any,
                 **kw: Any) -> Any:
        names.append(str(name))
        return compile_(self, source, name, *args, **kw)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    yield names


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch) -> _template_cache.SharedBytecodeCache:
    monkeypatch.setattr(TemplateExporter, "_create_environment", TemplateExporter._create_environment)
    cache = _template_cache.SharedBytecodeCache()
    _template_cache.install(cache)
    return cache


def notebook() -> Any:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# A table"), nbformat.v4.new_code_cell("1 + 1")]
    return nb


def test_without_the_cache_every_exporter_compiles_the_templates_again(compiles: list[str]) -> None:
    HTMLExporter().from_notebook_node(notebook())
    first = len(compiles)
    HTMLExporter().from_notebook_node(notebook())
    assert first > 3 and len(compiles) == 2 * first


def test_a_second_render_compiles_nothing_and_draws_the_same_page(
        shared: _template_cache.SharedBytecodeCache, compiles: list[str]) -> None:
    nb = notebook()
    page, _ = HTMLExporter().from_notebook_node(nb)
    first = len(compiles)
    again, _ = HTMLExporter().from_notebook_node(nb)
    assert first > 3 and len(compiles) == first, compiles[first:]
    assert again == page


def test_installing_twice_wraps_nbconvert_once(shared: _template_cache.SharedBytecodeCache) -> None:
    other = _template_cache.install(_template_cache.SharedBytecodeCache())
    environment = HTMLExporter().environment
    assert environment.bytecode_cache is other
    assert TemplateExporter._create_environment.__wrapped__.__name__ == "_create_environment"


def test_an_edited_template_is_compiled_again(compiles: list[str]) -> None:
    cache = _template_cache.SharedBytecodeCache()

    def render(source: str) -> str:
        env = jinja2.Environment(loader=jinja2.DictLoader({"t": source}), bytecode_cache=cache)
        return env.get_template("t").render(who="You")

    assert render("Hello {{ who }}") == "Hello You"
    assert render("Hello {{ who }}") == "Hello You"
    assert compiles == ["t"]
    assert render("Bye {{ who }}") == "Bye You"
    assert compiles == ["t", "t"]


def test_async_and_sync_environments_keep_their_own_code(compiles: list[str]) -> None:
    cache = _template_cache.SharedBytecodeCache()
    loader = jinja2.DictLoader({"t": "{% for x in xs %}{{ x }}{% endfor %}"})
    sync = jinja2.Environment(loader=loader, bytecode_cache=cache)
    asynchronous = jinja2.Environment(loader=loader, bytecode_cache=cache, enable_async=True)
    assert sync.get_template("t").render(xs=[1, 2]) == "12"
    assert asyncio.run(asynchronous.get_template("t").render_async(xs=[3, 4])) == "34"
    assert len(compiles) == 2
    assert jinja2.Environment(loader=loader, bytecode_cache=cache).get_template("t").render(xs=[5]) == "5"
    assert len(compiles) == 2
