"""Widgets of the table."""
