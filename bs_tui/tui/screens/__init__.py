"""Screens and prompts of the table."""
