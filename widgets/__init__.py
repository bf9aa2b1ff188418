"""Jupyter widgets for Rules Explorer."""
