"""bastos: not built yet."""
