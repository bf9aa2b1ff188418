"""Many games at once, for the analysis app and ``explorer analyze``: the sweep over seeds and rules
(``sweep``), its statistics (``stats``) and the report (``report``)."""
