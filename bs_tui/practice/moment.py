"""Any moment of a game as a puzzle: the deciding player's view with what their seat knew
(`engine.knowledge`), saved in a lesson file's `[moment]` table. Played, it is a game built
from that knowledge alone (`agents.determinize`): the same pending decision, the same view
for that player, every card they could not know drawn afresh from what they could not see,
with the file's seed — so a puzzle file never tells more than its player knew.

A moment from a file is checked as any file is: read within limits, and a game that cannot
be built from it is one line naming the file, never a traceback.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bs_tui.agents.determinize import determinize
from bs_tui.engine import PlayerView
from bs_tui.engine.data.cards import CardDB
from bs_tui.engine.model.game import Game
from bs_tui.engine.model.state import LogEntry
from bs_tui.engine.view import from_json, to_json

MOMENT_KEYS = ("seed", "view")
MAX_VIEW = 1024 * 1024  # characters of a moment's view: a long game's log and a full board fit


@dataclass(frozen=True, slots=True)
class Moment:
    view: PlayerView  # the deciding player's, with their knowledge
    seed: int

    def game(self, db: CardDB) -> Game:
        """The game of the moment, built afresh (the same each time: the seed)."""
        v = self.view
        g = determinize(v, random.Random(self.seed), db, quiet=False)
        k = v.knowledge
        assert k is not None
        chain: Any = None
        base = max(0, k.log_len - len(v.log))
        for i, line in enumerate(v.log):  # the log as the player read it, theirs alone
            chain = (LogEntry(line, v.me, "", base + i + 1), chain)
        g.log = chain
        return g


def read_moment(raw: Any, db: CardDB) -> Moment | str:
    """A moment from its table, or what is wrong with it (one line)."""
    if not isinstance(raw, dict):
        return "moment must be a table ([moment]) with seed and view"
    unknown = [k for k in raw if k not in MOMENT_KEYS]
    if unknown:
        return f"moment: unknown key {unknown[0]!r} (known: {', '.join(MOMENT_KEYS)})"
    seed, text = raw.get("seed", 0), raw.get("view")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        return "moment seed must be a whole number from 0 to 2^64-1"
    if not isinstance(text, str) or len(text) > MAX_VIEW:
        return f"moment view must be the view's JSON text, at most {MAX_VIEW:,} characters"
    try:
        view = from_json(text, db)
        if view.knowledge is None or view.decision is None:
            return "moment view is not of the deciding player (no knowledge, no decision)"
        m = Moment(view, seed)
        g = m.game(db)
        if g.decision is None or g.decision.player != view.me:
            return "moment: the game built from it is not at that player's decision"
        from bs_tui.engine import view_for

        view_for(g, view.me)  # it can be shown
    except RecursionError:
        return "moment view is nested too deeply"
    except Exception as e:  # anything a damaged or foreign view does: one line, never a traceback
        return f"moment view is not a saved moment of these cards and this bs-tui ({type(e).__name__})"
    return m


def moment_text(view: PlayerView, seed: int, where: str = "", opponent: str = "normal") -> str:
    """A lesson file of the moment in `view` (the deciding player's, with knowledge): a goal
    for its player to set, no hint yet (see docs/practice.md); `opponent`: the AI level
    that plays the other side."""
    import tomli_w

    you = view.sides[view.me].name
    when = datetime.now().strftime("%Y-%m-%d %H:%M")
    title = f"{you}'s decision, turn {view.turn} ({view.step})"[:80]
    lesson = {
        "title": title,
        "chapter": "puzzle",
        "section": f"a moment of a game{' (' + where + ')' if where else ''}, saved {when}",
        "explain": (
            f"{you}'s decision in turn {view.turn} of a game, as {you} knew it then: the cards "
            f"{you} could not see are drawn afresh."
        ),
        "opponent": opponent if opponent in ("easy", "normal", "hard") else "normal",
        "turns": 2,
        "goal": {"win": True},
    }
    head = (
        "# A moment of a game, saved as a puzzle: `bs-tui practice THIS-FILE` plays it.\n"
        "# Make it teach something: set the goal (win = true, survive = true, happen = [{…}] or\n"
        "# right = [answer]; docs/practice.md), the turns it allows, and add\n"
        '# hints = [{ text = "…", rule = "000 ch.1 §…" }] and solution = [answers].\n'
        "# The [moment] table is the game as its player knew it: leave it be.\n\n"
    )
    body = tomli_w.dumps({"lesson": lesson})
    moment = tomli_w.dumps({"moment": {"seed": seed, "view": to_json(view)}})
    return head + body + "\n" + moment
