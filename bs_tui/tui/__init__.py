"""The Textual table for bs-tui: screens and widgets that render player views and turn
keys into answers. Game logic lives in `bs_tui.engine`."""
