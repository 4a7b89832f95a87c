"""Rules practice: lessons and puzzles (`lesson`), judged from the solver's view (`goals`),
tried without a screen (`attempt`), found and kept track of (`catalogue`, `progress`)."""
