"""Braves (rulebook 000 chapter 2 §1; 003 合体しているブレイヴ): summoned as a spirit or
braved straight onto a spirit; fused, separated and swapped in the Main Step.

A braved spirit adds the brave's cost, BP+, [Braved] effects, symbols, colours and cores
and keeps its own name, families, level costs and reductions; it is exhausted if either
card was. When it leaves the field, its brave may stay as a spirit by placing its Lv1
cores; otherwise the brave goes where the spirit went.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import CoreSource, Decision, IllegalAnswer
from ..core.machine import op
from ..core.registry import MAIN_ACTIONS, MAIN_OPTIONS, label, needs
from ..model.braving import LEFT, RIGHT, attach, detach, free_sides, hosts_of, never_exhausted
from ..model.derived import can_brave, forbidden
from ..model.game import Game
from ..model.predicates import is_grandwalker
from ..model.state import SOUL_RESERVE
from ..rules import costs, timings
from ..rules.effects import leave_field
from ..rules.flow import enter_field, entered, summon_blocked


def hosts_for(g: Game, brave: int, player: int, side: str = "") -> list[int]:
    """Field objects of `player` a brave may be braved to now (on `side`, for an imagine
    brave): spirits and ultimates meeting its condition, and for a myth brave grandwalker
    nexuses meeting its nexus condition (000 ch.2 §1); never a brave as a spirit (Q&A A1)."""
    out = []
    d = g.defs[brave]
    printed = not g.static.continuous and not g.mods  # no effect changes a card or forbids it
    for cid in g.players[player].field:
        fc = g.field[cid]
        if cid == brave or fc.leaving or fc.host >= 0 or fc.brave >= 0 or fc.soul_state:
            continue
        if printed:
            if d.can_brave(g.defs[cid], side):
                out.append(cid)
        elif can_brave(g, brave, cid, side) and not forbidden(g, "be_braved", cid):  # 000 ch.2 §1
            out.append(cid)
    return out


def sides_open(g: Game, brave: int) -> tuple[str, ...]:
    """The sides a brave may be braved on now: "" for an ordinary brave in spirit state, an
    imagine brave's free sides (one brave action at a time, Q&A 关于合体 A5)."""
    return free_sides(g, brave)


def brave_targets(g: Game, brave: int, player: int) -> list[tuple[int, str]]:
    """(host, side) pairs the brave may be braved to now."""
    return [(h, side) for side in sides_open(g, brave) for h in hosts_for(g, brave, player, side)]


def _with_side(opt: tuple[Any, ...], side: str) -> tuple[Any, ...]:
    return (*opt, side) if side else opt


def braved_summons(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    """Braves in the hand (or the open area) that can be summoned straight onto a spirit:
    the spirit must keep its Lv1 cores through the payment (ch.1 §5.1)."""
    if not g.static.braves:
        return []
    opts: list[tuple[Any, ...]] = []
    hand = hand or costs.HandCosts(g, player)
    avail = hand.usable
    for cid, d, cost, _ in hand.cards():
        if d.kind != "brave":
            continue
        sides = ("left", "right") if d.imagine else ("",)
        found = [
            _with_side(("summon_braved", cid, h), side)
            for side in sides
            for h in hosts_for(g, cid, player, side)
            if cost <= avail - g.defs[h].lv1_cores
        ]
        if found and not summon_blocked(g, player, d):
            opts.extend(found)
            if unavailable:  # it can be summoned after all, braved
                unavailable[:] = [u for u in unavailable if u[0] != ("summon", cid)]
    return opts


def brave_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    """Fuse, separate and swap actions open in the Main Step."""
    if not g.static.braves:
        return []
    opts: list[tuple[Any, ...]] = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        if fc.leaving:
            continue
        d = g.defs[cid]
        if d.kind == "brave" and (fc.host < 0 or d.imagine):
            opts.extend(_with_side(("fuse", cid, h), side) for h, side in brave_targets(g, cid, player))
            if d.imagine and can_swap_sides(g, cid):
                opts.append(("swap_sides", cid))
        if fc.brave >= 0:
            b = fc.brave
            # an imagine brave separates from one of two hosts with no cores placed
            if placeable(g, b) >= g.defs[b].lv1_cores or len(hosts_of(g, b)) == 2:
                opts.append(("separate", cid))
            opts.extend(("swap", cid, h) for h in hosts_for(g, b, player, fc.side))
            # ch.1 §5.2: a swap also exchanges the braves of two braved spirits, each onto a
            # spirit it may brave (offered once per pair)
            opts.extend(("swap", cid, h) for h in exchange_partners(g, cid, player) if h > cid)
    return opts


def can_swap_sides(g: Game, brave: int) -> bool:
    """Q&A 关于合体 A6: an imagine brave's hosts may change sides when each meets the
    other side's condition."""
    hosts = hosts_of(g, brave)
    return bool(hosts) and all(can_brave(g, brave, h, other_side(g.field[h].side)) for h in hosts)


def other_side(side: str) -> str:
    return RIGHT if side == LEFT else LEFT


def exchange_partners(g: Game, host: int, player: int) -> list[int]:
    """Braved spirits of `player` whose brave and `host`'s brave may change places (an
    imagine brave keeps its hosts: it moves with a swap of its own)."""
    b = g.field[host].brave
    if g.defs[b].imagine:
        return []
    out = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        if cid == host or fc.leaving or fc.host >= 0 or fc.brave < 0 or g.defs[fc.brave].imagine:
            continue
        # a swap braves each spirit anew: never one under "cannot be braved" (000 ch.2 §1, l.426)
        if forbidden(g, "be_braved", cid) or forbidden(g, "be_braved", host):
            continue
        if can_brave(g, b, cid) and can_brave(g, fc.brave, host):
            out.append(cid)
    return out


def fuse(g: Game, brave: int, host: int, side: str = "") -> None:
    owner = g.static.owner[brave]
    p = g.players[owner]
    bf, hf = g.field[brave], g.field[host]
    if is_grandwalker(g, host) and (bf.cores or p.soul == brave):
        # 000 ch.2 §1 神话合体: from spirit state onto a grandwalker, its cores go to the
        # reserve first (the Soul Core too)
        n = bf.cores + (p.soul == brave)
        p.reserve += bf.cores
        bf.cores = 0
        if p.soul == brave:
            p.soul = SOUL_RESERVE
        g.say(f"{g.card_name(brave)}'s {costs.cores(n)} go to the reserve before it braves a grandwalker.")
    hf.cores += bf.cores
    bf.cores = 0
    if p.soul == brave:
        p.soul = host
    second = bf.host >= 0
    attach(g, brave, host, side)
    hf.state = max(hf.state, bf.state)
    if not never_exhausted(g, brave):
        bf.state = hf.state
    g.cores_moved = True
    on = f" on the {side}" if side else ""
    if is_grandwalker(g, host):
        g.say(f"{g.name(owner)} braves {g.card_name(brave)} to the grandwalker {g.card_name(host)}.", tag="myth_nexus")
    elif second:
        others = [h for h in hosts_of(g, brave) if h != host]
        g.say(
            f"{g.name(owner)} braves {g.card_name(brave)} to a second spirit, {g.card_name(host)}{on} "
            f"(BP {costs.bp_of(g, host)}), beside {g.card_name(others[0])}.",
            tag="imagine_two",
        )
    else:
        g.say(f"{g.name(owner)} braves {g.card_name(brave)} to {g.card_name(host)}{on} (BP {costs.bp_of(g, host)}).")


@op("fuse")
def fuse_op(g: Game, brave: int, host: int, side: str = "") -> None:
    fuse(g, brave, host, side)
    timings.braved(g, host)


@op("swap_sides")
def swap_sides(g: Game, brave: int) -> None:
    """Q&A 关于合体 A6: left and right change places, never through spirit state."""
    for h in hosts_of(g, brave):
        g.field[h].side = other_side(g.field[h].side)
    where = ", ".join(f"{g.card_name(h)} on the {g.field[h].side}" for h in hosts_of(g, brave))
    g.say(f"{g.name(g.static.owner[brave])} swaps the sides of {g.card_name(brave)}: {where}.")


@op("swap")
def swap_op(g: Game, host: int, new_host: int) -> None:
    """Separation and fusion at once (ch.2 §1): the brave moves with no cores placed, never
    as a spirit in between; onto a braved spirit, the two braves change places."""
    old, nf = g.field[host], g.field[new_host]
    brave, other = old.brave, nf.brave
    brave_state, other_state = g.field[brave].state, g.field[other].state if other >= 0 else 0
    side = old.side
    detach(g, brave, host)
    if other >= 0:
        detach(g, other, new_host)
    attach(g, brave, new_host, side)
    nf.state = max(nf.state, brave_state)
    if not never_exhausted(g, brave):
        g.field[brave].state = nf.state
    who = g.name(g.static.owner[brave])
    if other < 0:
        tag = "myth_nexus" if is_grandwalker(g, new_host) else ""
        g.say(f"{who} swaps {g.card_name(brave)} from {g.card_name(host)} to {g.card_name(new_host)}.", tag=tag)
        timings.braved(g, new_host)
        return
    attach(g, other, host)
    old.state = max(old.state, other_state)
    g.field[other].state = old.state
    g.say(
        f"{who} exchanges braves: {g.card_name(brave)} to {g.card_name(new_host)}, "
        f"{g.card_name(other)} to {g.card_name(host)}."
    )
    # each host has a brave newly braved to it, at the same moment
    timings.braved(g, new_host)
    timings.braved(g, host)


def _place_sources(g: Game, brave: int) -> tuple[CoreSource, ...]:
    # never from a grandwalker (000 ch.2 §1 神话合体: a myth brave separated from one takes
    # cores from the field or the reserve, not from it)
    return tuple(
        s
        for s in costs.core_sources(g, g.static.owner[brave])
        if s.source != brave and not (isinstance(s.source, int) and g.defs[s.source].walker)
    )


def placeable(g: Game, brave: int) -> int:
    """The cores that could be placed on `brave` to make it a spirit."""
    return sum(s.cores + s.soul for s in _place_sources(g, brave))


def _place_decision(g: Game, brave: int, prompt: str, cancellable: bool) -> Decision:
    return costs.place_decision(g, brave, prompt, _place_sources(g, brave), cancellable)


@op("separate")
def separate_op(g: Game, host: int) -> None:
    brave = g.field[host].brave
    if len(hosts_of(g, brave)) == 2:
        # an imagine brave stays braved to its other host: nothing to place
        detach(g, brave, host)
        g.say(
            f"{g.name(g.static.owner[brave])} separates {g.card_name(host)} from {g.card_name(brave)}, "
            f"which stays braved to {g.card_name(g.field[brave].host)}."
        )
        return
    g.ask(
        _place_decision(
            g,
            brave,
            f"Separate {g.card_name(brave)}: place at least {g.defs[brave].lv1_cores} core(s) on it.",
            True,
        ),
        "separated",
        host,
    )


@op("separated")
def separated(g: Game, answer: Any, host: int) -> None:
    if answer == ("cancel",):
        return
    brave = g.field[host].brave
    costs.check_place(g, g.static.owner[brave], answer, brave, g.defs[brave].lv1_cores)  # before it separates
    detach(g, brave, host)
    bf = g.field[brave]
    if not never_exhausted(g, brave):
        bf.state = g.field[host].state
    owner = g.static.owner[brave]
    n = costs.place(g, owner, answer, brave, g.defs[brave].lv1_cores)
    placed = costs.cores(n, answer[2] is True)
    g.say(f"{g.name(owner)} separates {g.card_name(brave)} from {g.card_name(host)}, placing {placed} on it.")


@op("brave_stays")
def brave_stays(g: Game, brave: int, dest: str, was_attacker: bool, alone: bool = False) -> None:
    """③ of 000 ch.2 §1: the brave may stay as a spirit by placing its Lv1 cores."""
    if brave not in g.field:
        return
    need = g.defs[brave].lv1_cores
    if placeable(g, brave) >= need:
        g.ask(
            _place_decision(
                g,
                brave,
                f"{g.card_name(brave)} may stay on the field as a spirit: place at least {need} core(s), "
                f"or cancel to let it go to the {dest} too.",
                True,
            ),
            "brave_placed",
            brave,
            dest,
            was_attacker,
            alone,
        )
        return
    brave_goes(g, brave, dest, alone)


@op("brave_placed")
def brave_placed(g: Game, answer: Any, brave: int, dest: str, was_attacker: bool, alone: bool = False) -> None:
    if answer == ("cancel",):
        brave_goes(g, brave, dest, alone)
        return
    owner = g.static.owner[brave]
    costs.check_place(g, owner, answer, brave, g.defs[brave].lv1_cores)  # before it stays
    g.field[brave].leaving = ""
    n = costs.place(g, owner, answer, brave, g.defs[brave].lv1_cores)
    g.say(f"{g.card_name(brave)} stays on the field as a spirit with {costs.cores(n, answer[2] is True)}.")
    if was_attacker and g.battle is not None and g.battle.attacker < 0 and not g.defs[brave].imagine:
        g.battle.attacker = brave  # Q&A 合体 A3: the attack goes on, but not an imagine brave's


def brave_goes(g: Game, brave: int, dest: str, alone: bool = False) -> None:
    g.field[brave].leaving = ""
    leave_field(g, brave, dest)
    p = g.players[g.static.owner[brave]]
    if dest == "deck":
        p.deck.insert(0, p.deck.pop())
    if alone:
        g.say(f"{g.card_name(brave)} has no cores as a spirit and goes to the {dest}.")
    else:
        g.say(f"{g.card_name(brave)} goes to the {dest} with the spirit it was braved to.")


@op("summon_braved")
def summon_braved(g: Game, cid: int, host: int, side: str = "") -> None:
    """A brave summoned straight onto a spirit: pay, then it is braved (no cores placed)."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    amount = costs.reduced_cost(g, player, d)
    if amount == 0:
        g.push(("braved_paid", ("pay", (), False), cid, host, 0, side))
        return
    prompt = f"Pay {costs.cores(amount)} to summon {d.name} braved to {g.card_name(host)}."
    sources = costs.sources_keeping(g, player, host)
    g.ask(costs.pay_decision(g, player, cid, amount, prompt, sources), "braved_paid", cid, host, amount, side)


@op("braved_paid")
def braved_paid(g: Game, answer: Any, cid: int, host: int, amount: int, side: str = "") -> None:
    player = g.static.owner[cid]
    if answer == ("cancel",):
        g.say(f"{g.name(player)} changes their mind.", player)
        return
    if amount:
        costs.pay(g, player, answer, amount)
    if costs.cores_on(g, host) < g.defs[host].lv1_cores:
        # refused on the trial copy, so nothing changes (Q&A 费用 A2)
        raise IllegalAnswer(f"that payment leaves {g.card_name(host)} depleted: nothing to brave to")
    g.say(f"{g.name(player)} summons {g.card_name(cid)}, paying {costs.cores(amount)}.")
    enter_field(g, cid)
    fuse(g, cid, host, side)  # onto a grandwalker: no cores move onto it (000 ch.2 §1 神话合体)
    g.push(("braved_entered", cid, host))


@op("braved_entered")
def braved_entered(g: Game, cid: int, host: int) -> None:
    """The summon is complete, braved: the brave's "when summoned" and the host's "when a
    brave is braved to this spirit" trigger at the same moment (one to order). A task of its
    own, as for any summon, so that a spirit the payment depleted has left first."""
    entered(g, cid)
    if cid in g.field and g.field[cid].host == host:
        timings.braved(g, host)


def _push_answer(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(answer)


MAIN_OPTIONS.extend((needs("braves")(braved_summons), needs("braves")(brave_options)))
for _action in ("summon_braved", "fuse", "swap", "separate", "swap_sides"):
    MAIN_ACTIONS[_action] = _push_answer


# ----------------------------------------------------------------------- what the table shows


@label("fuse")
def _fuse_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return f"Brave {w.name(v, o[1])} to {w.name(v, o[2])}{w.on_side(o, 3)}"


@label("swap_sides")
def _swap_sides_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return f"Swap the left and right spirits of {w.name(v, o[1])}"


@label("separate")
def _separate_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    f = w.field_card(v, o[1])
    return f"Separate {w.name(v, f.brave) if f else 'the brave'} from {w.name(v, o[1])}…"


@label("swap")
def _swap_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    f = w.field_card(v, o[1])
    return f"Move {w.name(v, f.brave) if f else 'the brave'} from {w.name(v, o[1])} to {w.name(v, o[2])}"


@label("summon_braved", "Summon {} braved")
def _summon_braved_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    c = w.hand_card(v, o[1])
    name = (c.card.name if c else w.name(v, o[1])) + w.from_open(v, o[1])
    return f"Summon {name} braved to {w.name(v, o[2])}{w.on_side(o, 3)} (pay {c.cost_now if c else '?'})"
