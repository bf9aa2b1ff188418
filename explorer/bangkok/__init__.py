"""bangkok: not built yet."""
