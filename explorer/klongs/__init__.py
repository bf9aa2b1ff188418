"""klongs: not built yet."""
