"""The static site: every page of the hub with no server but a file server (``./dev site``).

The pages' Python runs in the visitor's browser on Pyodide (:mod:`staticsite.kernel`, in a web
worker), and their widgets are drawn by ipywidgets' HTML widget manager with anywidget's front end
(``js/src/page.js``). :mod:`staticsite.build` makes the site from the package registries alone,
:mod:`staticsite.pages` writes its pages, :mod:`staticsite.serve` serves it on 127.0.0.1 with the
cache headers docs/hosting.md recommends.
"""
