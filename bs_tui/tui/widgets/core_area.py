"""CoreArea: one player's life, reserve, trash, count, void, deck, hand and burst."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bs_tui.engine.view import SideView


class CoreArea(Static):
    """A line of a player's counts; the Soul Core's place is named."""

    def show(self, side: SideView, yours: bool) -> None:
        t = Text()
        t.append(side.name, style="bold underline" if yours else "bold")
        t.append("  Life ")
        t.append(self._count(side.life, side.soul == "life"), style="bold")
        t.append(f" · Reserve {self._count(side.reserve, side.soul == 'reserve')}")
        t.append(f" · Trash {self._count(side.trash_cores, side.soul == 'trash')}\n")
        burst = "set" if side.burst else "—"
        if yours and side.burst and not isinstance(side.burst[0], str):
            burst = side.burst[0].card.name[:18]  # you may look at your own burst (Q&A 爆裂 A1)
        t.append(f"Count {side.count} · Deck {side.deck} · Hand {side.hand_count} · Burst {burst}")
        self.update(t)

    @staticmethod
    def _count(total: int, soul_here: bool) -> str:
        """Plain cores, then +◆ when the Soul Core is among them."""
        return f"{total - 1}+◆" if soul_here else str(total)
