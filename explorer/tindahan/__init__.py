"""tindahan: not built yet."""
