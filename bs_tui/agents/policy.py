"""Quick rules of play over an agent's own game: the easy AI's judgement, the moves the
searching AIs consider, and how their playouts are played.

Everything here reads a game the agent built itself (`determinize`), never the real one.
The rules are a careful beginner's: play the biggest card that can be paid without
depleting a spirit, keep the Soul Core, use a magic only when it has something to act on,
attack when the attacker is not simply blocked and destroyed, keep a blocker back when the
opponent threatens lethal, block when the hit is lethal or the blocker survives.
"""

from __future__ import annotations

import random
from typing import Any

from bs_tui.engine import Game, Kind
from bs_tui.engine.core.allocation import sample_allocation
from bs_tui.engine.core.decision import Allocation, CoreSource, Decision
from bs_tui.engine.core.registry import VERBS
from bs_tui.engine.model.predicates import fights
from bs_tui.engine.model.state import REFRESHED
from bs_tui.engine.rules import costs
from bs_tui.engine.rules.verbs import Targeted

# ------------------------------------------------------------------ reading the game


def levels(g: Game, player: int) -> dict[Any, tuple[int, ...]]:
    """Each field card's level thresholds (cores), for the payments of `costs`."""
    return {c: g.defs[c].lv_cores for c in g.players[player].field}


def spare_cores(g: Game, player: int) -> int:
    """Plain cores that can pay without depleting a spirit or lowering it below Lv1, the
    Soul Core kept: the reserve's, a nexus's, and what spirits hold above their Lv1 cost."""
    p = g.players[player]
    free = p.reserve
    for c in p.field:
        fc = g.field[c]
        d = g.defs[c]
        if fc.leaving or fc.host >= 0 or fc.soul_state or d.walker:
            continue
        if d.kind == "nexus" or not d.lv_cores:
            free += fc.cores
        else:
            free += max(0, min(fc.cores, costs.cores_on(g, c) - d.lv_cores[0]))
    return free


def fighters(g: Game, player: int) -> list[int]:
    return [c for c in g.players[player].field if fights(g, c) and not g.field[c].leaving]


def refreshed(g: Game, cids: list[int]) -> list[int]:
    return [c for c in cids if g.field[c].state == REFRESHED]


def threat(g: Game, attacker: int) -> int:
    """Life the opponent of `attacker` could lose next turn: the symbols of its spirits."""
    return sum(max(1, len(costs.symbols_of(g, c))) for c in fighters(g, attacker))


def useful(g: Game, cid: int, timing: str, player: int) -> bool:
    """Has the card's `timing` effect something to act on? An effect whose first chosen
    target has no card to choose does nothing (the greedy AI used such magics: a refresh with
    no exhausted spirit of its own), nor does "cannot block" on spirits that are all
    exhausted already."""
    d = g.defs[cid]
    for idx in d.effects_for(timing):
        trig = (cid, idx, player, cid)
        for s in d.effects[idx].steps:
            v = VERBS.get(s.verb)
            if not isinstance(v, Targeted):
                continue
            if s.verb == "forbid" and s.get("what") == "block":
                return any(g.field[c].state == REFRESHED for c in v.candidates(g, trig, s) if c in g.field)
            return v.feasible(g, trig, s)
    return True


# ------------------------------------------------------------------ answers worth trying


def payments(g: Game, d: Decision) -> list[Any]:
    """A few sensible payments: levels kept (the default), the Soul Core kept at any price,
    and the cheapest in levels from the spirit with the most cores."""
    a = d.allocation
    assert a is not None
    lv = levels(g, d.player)
    out = [costs.default_payment(a, lv)]
    if any(s.soul for s in a.sources):
        plain = Allocation(tuple(CoreSource(s.source, s.cores, False) for s in a.sources), a.amount, a.card)
        if sum(s.cores for s in plain.sources) >= a.amount:
            out.append(costs.default_payment(plain, lv))
    # never "cancel": not playing the card is weighed where it was chosen, and a search that
    # could back out of a payment could summon and back out for ever
    return _distinct(out)


def placements(g: Game, d: Decision) -> list[Any]:
    """Lv1 cores, and as many more from the reserve as reach the next levels."""
    a = d.allocation
    assert a is not None
    base = costs.default_placement(a, levels(g, d.player))
    out = [base]
    card = g.defs[a.card] if 0 <= a.card < len(g.defs) else None
    res = next((s for s in a.sources if s.source == "reserve"), None)
    if card is not None and res is not None and card.lv_cores:
        taken = dict(base[1]).get("reserve", 0)
        for target in card.lv_cores[1:]:
            extra = min(res.cores - taken, target - a.amount)
            if extra > 0:
                pairs = dict(base[1])
                pairs["reserve"] = taken + extra
                out.append(("place", tuple(pairs.items()), base[2]))
    return _distinct(out)


def unchanged_layout(g: Game, d: Decision) -> Any:
    return ("cancel",) if d.allocation is not None and d.allocation.cancellable else _layout(g, d.player)


def _layout(g: Game, player: int) -> Any:
    p = g.players[player]
    holders = costs.holders(g, player)
    soul_at = p.soul if p.soul >= 0 and p.soul in holders else ("reserve" if p.soul == -1 else None)
    return ("layout", tuple((c, g.field[c].cores) for c in holders if g.field[c].cores), soul_at)


def _distinct(xs: list[Any]) -> list[Any]:
    seen: list[Any] = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return seen


def candidates(g: Game, d: Decision, cap: int = 12) -> list[Any]:
    """The answers a search considers at `d`: every option (up to `cap`, the likeliest
    first), and for core allocations the few sensible ones above."""
    k = d.kind
    if k == Kind.PAY_COST:
        return payments(g, d)
    if k == Kind.PLACE_CORES:
        return placements(g, d)
    if k == Kind.MOVE_CORES:
        return [unchanged_layout(g, d)]
    if k in (Kind.ORDER_TRIGGERS, Kind.CHOOSE_ORDER, Kind.CHOOSE_CORE):
        return [heuristic(g, d, None)]
    opts = list(d.options)
    if k == Kind.MAIN_ACTION:
        opts = [o for o in opts if o[0] != "move_cores"]
        # a magic with nothing to act on is never worth a look
        opts = [o for o in opts if o[0] != "magic" or useful(g, o[1], o[2], d.player)]
    elif k == Kind.FLASH:
        opts = [o for o in opts if o[0] == "pass" or o[0] != "magic" or useful(g, o[1], "flash", d.player)]
    if len(opts) > cap:
        first = heuristic(g, d, None)
        opts = _distinct([first, *opts])[:cap]
    return opts or [heuristic(g, d, None)]


# ------------------------------------------------------------------ the rules of play


def heuristic(g: Game, d: Decision, rng: random.Random | None) -> Any:
    """The easy AI's answer to `d` in its own game `g` (`rng` varies it a little in playouts)."""
    k = d.kind
    me = d.player
    if k == Kind.CHOOSE_ORDER:
        return "first"
    if k == Kind.ORDER_TRIGGERS:
        return d.options[0]
    if k == Kind.CHOOSE_CORE:
        return "core" if "core" in d.options else d.options[0]
    if k == Kind.YES_NO:
        return True in d.options
    if k == Kind.PAY_COST:
        return costs.default_payment(d.allocation, levels(g, me))
    if k == Kind.PLACE_CORES:
        ps = placements(g, d)
        return ps[1] if len(ps) > 1 else ps[0]  # up to Lv2 when the reserve reaches it
    if k == Kind.MOVE_CORES:
        return unchanged_layout(g, d)
    if k == Kind.MAIN_ACTION:
        return _main(g, d, rng)
    if k == Kind.ATTACK:
        return _attack(g, d)
    if k == Kind.BLOCK:
        return _block(g, d)
    if k == Kind.FLASH:
        return _flash(g, d)
    if k == Kind.CHOOSE_TARGETS:
        return _targets(g, d)
    if d.allocation is not None:
        return sample_allocation(d, (rng or random.Random(0)).randrange)
    return d.options[0]


def _main(g: Game, d: Decision, rng: random.Random | None) -> Any:
    me = d.player
    opts = d.options
    p = g.players[me]
    if not p.burst:
        sets = [o for o in opts if o[0] == "set_burst"]
        if sets:
            return sets[0]
    # a brave on its own is one more blocker: against an attack that could be lethal, keep
    # the spirits apart rather than braving them together
    theirs = fighters(g, 1 - me)
    apart = threat(g, 1 - me) >= p.life_total and len(fighters(g, me)) < len(theirs)
    for kind in ("fuse", "advent", "summon_braved"):
        if apart and kind != "advent":
            continue
        found = [o for o in opts if o[0] == kind]
        if found:
            return found[0]
    free = spare_cores(g, me)
    best, score = ("end",), -1
    for o in opts:
        if o[0] not in ("summon", "deploy", "magic"):
            continue
        d2 = g.defs[o[1]]
        need = costs.reduced_cost(g, me, d2) + (d2.lv1_cores if o[0] == "summon" else 0)
        if need > free:
            continue  # it would deplete a spirit, or take the Soul Core
        if o[0] == "magic" and not useful(g, o[1], o[2], me):
            continue
        if o[0] == "deploy" and g.turn <= 2 and p.reserve <= 1:
            continue  # a nexus on turn 1 costs the Soul Core
        s = d2.cost * 10 + {"summon": 3, "deploy": 2, "magic": 1}[o[0]]
        if s > score:
            best, score = o, s
    if best == ("end",):
        uses = [o for o in opts if o[0] == "activate"]
        if uses and rng is not None and rng.random() < 0.3:
            return uses[0]
    return best


def _attack(g: Game, d: Decision) -> Any:
    me = d.player
    attacks = [o for o in d.options if o[0] == "attack"]
    if not attacks:
        return ("end",)
    opp = 1 - me
    my_life = g.players[me].life_total
    opp_life = g.players[opp].life_total
    blockers = refreshed(g, fighters(g, opp))
    block_bp = max((costs.bp_of(g, b) for b in blockers), default=0)
    mine = refreshed(g, fighters(g, me))
    # lethal on board: every attacker gets through the blockers they have
    if len(attacks) - len(blockers) >= opp_life:
        return max(attacks, key=lambda o: costs.bp_of(g, o[1]))
    # keep one blocker back when the opponent threatens lethal next turn
    if threat(g, opp) >= my_life and len(mine) <= 1:
        return ("end",)
    good = [o for o in attacks if costs.bp_of(g, o[1]) > block_bp or not blockers]
    if not good:
        return ("end",)
    if threat(g, opp) >= my_life and len(mine) - 1 <= 0:
        return ("end",)
    return max(good, key=lambda o: costs.bp_of(g, o[1]))


def _block(g: Game, d: Decision) -> Any:
    me = d.player
    b = g.battle
    atk = b.attacker if b is not None else -1
    atk_bp = costs.bp_of(g, atk) if atk in g.field else 0
    blocks = [o for o in d.options if o[0] == "block"]
    survivors = [o for o in blocks if costs.bp_of(g, o[1]) > atk_bp]
    if survivors:
        return min(survivors, key=lambda o: costs.bp_of(g, o[1]))
    hit = max(1, len(costs.symbols_of(g, atk))) if atk in g.field else 1
    if blocks and (g.players[me].life_total <= hit or ("take",) not in d.options):
        return min(blocks, key=lambda o: costs.bp_of(g, o[1]))
    return ("take",)


def _flash(g: Game, d: Decision) -> Any:
    me = d.player
    free = spare_cores(g, me)
    for o in d.options:
        if o[0] != "magic":
            continue
        cost = costs.reduced_cost(g, me, g.defs[o[1]])
        if cost <= free and useful(g, o[1], "flash", me):
            return o
    return ("pass",) if ("pass",) in d.options else d.options[-1]


def _targets(g: Game, d: Decision) -> Any:
    me = d.player
    owner = g.static.owner

    def value(opt: Any) -> tuple[int, int]:
        # the opponent's biggest cards first; own cards for an effect that can only reach them
        # (an option may also name a choice that is no card, such as a colour)
        cards = [c for c in (opt if isinstance(opt, tuple) else (opt,)) if isinstance(c, int)]
        # in your own turn, a refreshed spirit of theirs is a blocker: worth more than any BP
        blockers = {c for c in cards if g.active == me and c in g.field and g.field[c].state == REFRESHED}
        theirs = sum(
            (costs.bp_of(g, c) + 100_000 * (c in blockers)) if c in g.field else 1 for c in cards if owner[c] != me
        )
        ours = sum(costs.bp_of(g, c) if c in g.field else 1 for c in cards if owner[c] == me)
        return (len(cards), theirs - ours // 2)

    return max(d.options, key=value)
