"""Verbs on a hand and on the burst area:

- `discard`: cards from a hand (yours or your opponent's) to the trash, chosen by the hand's
  owner; as far as the hand holds, so "draw X, then discard Y" still discards under "cannot
  draw" (Q&A 关于描述的变更 A4, line 941); a contract card discarded from the hand takes no
  soul state (Q&A 关于契约卡 A2: only leaving the field does);
- `set_burst`: a card with a burst effect from your hand set as your burst by an effect,
  the burst already set going to the trash. It ignores the once-a-turn rule of setting but
  counts as this turn's set (003 lines 128–131), and an event that happened before it was
  set, even while the same effect resolves, cannot activate it (Q&A 关于爆裂 A4, line 886):
  what was set off then was the burst set then (`bursts.burst_check` finds it gone).

Choices among hand cards are their owner's decisions: the other seat learns only who decides
and that targets are being chosen (`view.waiting_kind`), never the options.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import verb
from ..data.cards import CardDataError, Step
from ..data.text import plural
from ..model.game import Game
from ..model.state import Trigger
from .verbs import Path, Verb, distinct_sets

# Discards choose sets of hand cards: a small N keeps the options few.
MAX_DISCARD = 5


def burst_resolving(g: Game, cid: int) -> bool:
    """Burst `cid` was activated and is resolving (it stays in the burst area until then):
    a burst is used once, so nothing sets it off again meanwhile (000 ch.2 §2)."""
    return ("burst_follow", cid) in g.tasks or ("burst_done", cid) in g.tasks


def set_burst_card(g: Game, player: int, cid: int, tag: str = "") -> None:
    """Set `cid` from the hand face down as `player`'s burst: an earlier burst goes to the
    trash, and it is this turn's set (000 ch.2 §2; 003 lines 128–131)."""
    p = g.players[player]
    p.hand.remove(cid)
    # set face down from the hand: the opponent cannot tell which card left it, so what they
    # knew of this hand is now only a guess
    g.forget((cid, *p.hand))
    if p.burst:
        old = p.burst.pop()
        p.trash.append(old)
        g.say(f"{g.name(player)}'s earlier burst, {g.card_name(old)}, goes to the trash.")
    p.burst.append(cid)
    p.burst_set_turn = g.turn
    g.say(
        f"{g.name(player)} sets {g.card_name(cid)} as a burst.",
        player,
        f"{g.name(player)} sets a burst face down.",
        tag=tag,
    )


class Discard(Verb):
    name = "discard"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1), "player": (str, "own")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if not 1 <= raw.get("n", 1) <= MAX_DISCARD:
            raise CardDataError(f"{where}: discard.n is from 1 to {MAX_DISCARD}")
        if raw.get("player", "own") not in ("own", "opponent"):
            raise CardDataError(f"{where}: discard.player is 'own' or 'opponent'")

    def text(self, s: Step) -> str:
        n = plural(self.arg(s, "n"), "card")
        if self.arg(s, "player") == "opponent":
            return f"Your opponent discards {n} from their hand (of their choice)."
        return f"Discard {n} from your hand."

    def whose(self, trig: Trigger, s: Step) -> int:
        return trig[2] if self.arg(s, "player") == "own" else 1 - trig[2]

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return len(g.players[self.whose(trig, s)].hand) >= self.arg(s, "n")

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        who = self.whose(trig, s)
        hand = g.players[who].hand
        k = min(self.arg(s, "n"), len(hand))
        if not k:
            g.say(f"{g.name(who)} has no card in the hand to discard.")
            return
        if k == len(hand):  # the whole hand: nothing to choose (its size is public)
            discard(g, who, tuple(hand))
            return
        g.ask(
            Decision(
                who,
                Kind.CHOOSE_TARGETS,
                distinct_sets(g, hand, k),
                f"{g.card_name(trig[0])}: choose {plural(k, 'card')} of your hand to discard.",
                context={"card": trig[0], "count": k, "up_to": False, "candidates": tuple(hand)},
            ),
            "discard_chosen",
            who,
        )


@op("discard_chosen")
def discard_chosen(g: Game, answer: tuple[int, ...], who: int) -> None:
    discard(g, who, answer)


def discard(g: Game, who: int, cids: tuple[int, ...]) -> None:
    p = g.players[who]
    for cid in cids:
        if cid in p.hand:
            p.hand.remove(cid)
            p.trash.append(cid)  # the trash is public: the card is named
            g.say(f"{g.name(who)} discards {g.card_name(cid)} from the hand.", tag="discard")


class SetBurst(Verb):
    name = "set_burst"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def text(self, s: Step) -> str:
        return "Set a card with a burst effect from your hand as your burst (a burst already set goes to the trash)."

    def candidates(self, g: Game, player: int) -> list[int]:
        p = g.players[player]
        if p.burst and burst_resolving(g, p.burst[0]):
            return []  # the burst area holds a burst being used: nothing can be set over it now
        seen: set[str] = set()
        out = []
        for cid in p.hand:  # never from the open area (003 line 79)
            d = g.static.defs[cid]  # a card in the hand shows its front face (000 ch.2 §7)
            if d.burst is not None and d.id not in seen:
                seen.add(d.id)
                out.append(cid)
        return out

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(self.candidates(g, trig[2]))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        cands = self.candidates(g, trig[2])
        if not cands:
            g.say(f"{g.card_name(trig[0])}: no burst is set.")
            return
        # asked even with one card that could be set, so that being asked or not tells the
        # other seat nothing of this hand
        g.ask(
            Decision(
                trig[2],
                Kind.CHOOSE_TARGETS,
                tuple((c,) for c in cands),
                f"{g.card_name(trig[0])}: choose the card of your hand to set as your burst.",
                context={"card": trig[0], "count": 1, "up_to": False, "candidates": tuple(cands)},
            ),
            "burst_set_chosen",
            trig[2],
        )


@op("burst_set_chosen")
def burst_set_chosen(g: Game, answer: tuple[int, ...], player: int) -> None:
    set_burst_card(g, player, answer[0], tag="set_burst_effect")


verb(Discard())
verb(SetBurst())
