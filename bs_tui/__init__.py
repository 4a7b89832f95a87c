"""bs-tui: Battle Spirits in the terminal."""

__version__ = "0.1.0"
