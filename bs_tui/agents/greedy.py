"""The greedy agent: plays the biggest card it can pay for, attacks with everything,
blocks when its blocker survives or the hit would be lethal. Quick rules practice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bs_tui.engine import Decision, Kind, PlayerView
from bs_tui.engine.rules.costs import default_payment, default_placement


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        # the field effects it used this turn: an effect with no cost and no once-per-turn
        # limit could otherwise be used for ever (000 ch.1 §5.5 sets no limit)
        self.used: set[tuple[int, Any]] = set()

    def choose(self, d: Decision, view: Callable[[], PlayerView]) -> Any:
        k = d.kind
        if k == Kind.CHOOSE_ORDER:
            return "first"
        if k in (Kind.ORDER_TRIGGERS,):
            return d.options[0]
        if k == Kind.YES_NO:
            return True in d.options  # a burst window its burst does not match offers only no
        if k == Kind.CHOOSE_CORE:
            return "core"
        v = view()
        if k == Kind.MAIN_ACTION:
            return self._main(d, v)
        if k == Kind.PAY_COST:
            levels = {f.cid: f.card.lv_cores for f in v.you.field}
            return default_payment(d.allocation, levels)
        if k == Kind.PLACE_CORES:
            return self._place(d, v)
        if k == Kind.MOVE_CORES:
            return _unchanged_layout(v)
        if k == Kind.ATTACK:
            attacks = [o for o in d.options if o[0] == "attack"]
            bp = _bp_table(v)
            return max(attacks, key=lambda o: bp.get(o[1], 0)) if attacks else ("end",)
        if k == Kind.BLOCK:
            return self._block(d, v)
        if k == Kind.FLASH:
            uses = [o for o in d.options if o[0] != "pass"]
            return uses[0] if uses else ("pass",)
        if k == Kind.CHOOSE_TARGETS:
            bp = _bp_table(v)
            return max(d.options, key=lambda opt: (len(opt), sum(bp.get(c, 0) for c in opt)))
        return d.options[0]

    def _main(self, d: Decision, v: PlayerView) -> Any:
        # the open area is played as if it were the hand (003)
        hand = {c.cid: c for c in (*(v.you.hand or ()), *v.you.open_area)}
        free = _free_cores(v)
        if not v.you.burst:
            sets = [o for o in d.options if o[0] == "set_burst"]
            if sets:
                return sets[0]
        fuses = [o for o in d.options if o[0] == "fuse"]
        if fuses:
            return fuses[0]
        advents = [o for o in d.options if o[0] == "advent"]  # free: it uses the Soul Core
        if advents:
            return advents[0]
        # a field card's Main or Flash effect (its cost is written in it), once a turn each
        uses = [o for o in d.options if o[0] == "activate" and (v.turn, o) not in self.used]
        if uses:
            self.used = {u for u in self.used if u[0] == v.turn} | {(v.turn, uses[0])}
            return uses[0]
        plays = [
            o
            for o in d.options
            if o[0] in ("summon", "deploy", "magic", "summon_braved")
            and hand[o[1]].cost_now + (hand[o[1]].card.lv1_cores if o[0] == "summon" else 0) <= free
        ]
        if v.turn <= 2 and not v.you.field:
            plays = [o for o in plays if o[0] != "magic"] or plays
        if not plays:
            return ("end",)
        return max(plays, key=lambda o: (o[0] != "magic", o[0] == "summon_braved", hand[o[1]].card.cost))

    def _place(self, d: Decision, v: PlayerView) -> Any:
        """Lv1 cores by the default placement, plus spare reserve cores up to Lv2."""
        a = d.allocation
        levels = {f.cid: f.card.lv_cores for f in v.you.field}
        base = default_placement(a, levels)
        card = next((c.card for c in v.you.hand or () if c.cid == a.card), None)
        res = next((s for s in a.sources if s.source == "reserve"), None)
        if card is None or len(card.lv_cores) < 2 or res is None:
            return base
        from_reserve = dict(base[1]).get("reserve", 0)
        extra = min(res.cores - from_reserve, card.lv_cores[1] - a.amount)
        if extra <= 0:
            return base
        pairs = dict(base[1])
        pairs["reserve"] = from_reserve + extra
        return ("place", tuple(pairs.items()), base[2])

    def _block(self, d: Decision, v: PlayerView) -> Any:
        bp = _bp_table(v)
        atk = v.attacker
        atk_bp = bp.get(atk, 0)
        blocks = [o for o in d.options if o[0] == "block"]
        survivors = [o for o in blocks if bp.get(o[1], 0) > atk_bp]
        if survivors:
            return min(survivors, key=lambda o: bp.get(o[1], 0))
        symbols = next((len(f.card.symbols) for f in v.opponent.field if f.cid == atk), 1)
        if blocks and (v.you.life <= symbols or ("take",) not in d.options):
            return min(blocks, key=lambda o: bp.get(o[1], 0))
        return ("take",)


def _free_cores(v: PlayerView) -> int:
    """Cores that can pay without depleting a spirit."""
    free = v.you.reserve
    for f in v.you.field:
        spare = f.total_cores - (f.card.lv1_cores if f.card.kind != "nexus" else 0)
        free += max(0, spare)
    return free


def _bp_table(v: PlayerView) -> dict[int, int]:
    return {f.cid: f.bp for side in v.sides for f in side.field}


def _unchanged_layout(v: PlayerView) -> Any:
    layout = tuple((f.cid, f.cores) for f in v.you.field if f.cores and f.card.kind != "magic")
    soul_at = next((f.cid for f in v.you.field if f.soul), "reserve" if v.you.soul == "reserve" else None)
    return ("layout", layout, soul_at)
