"""Braves (rulebook 000 chapter 2 §1; 003 合体しているブレイヴ): summoned as a spirit or
braved straight onto a spirit; fused, separated and swapped in the Main Step.

A braved spirit adds the brave's cost, BP+, [Braved] effects, symbols, colours and cores
and keeps its own name, families, level costs and reductions; it is exhausted if either
card was. When it leaves the field, its brave may stay as a spirit by placing its Lv1
cores; otherwise the brave goes where the spirit went.
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision, IllegalAnswer
from ..core.machine import op
from ..core.registry import MAIN_ACTIONS, MAIN_OPTIONS
from ..model.game import Game
from ..rules import costs
from ..rules.effects import leave_field
from ..rules.flow import enter_field, summon_blocked


def hosts_for(g: Game, brave: int, player: int) -> list[int]:
    """Spirits of `player` a brave may be braved to now."""
    d = g.defs[brave]
    out = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        if cid == brave or fc.leaving or fc.host >= 0 or fc.brave >= 0:
            continue
        if d.can_brave(g.defs[cid]):
            out.append(cid)
    return out


def braved_summons(g: Game, player: int, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    """Braves in the hand (or the open area) that can be summoned straight onto a spirit:
    the spirit must keep its Lv1 cores through the payment (ch.1 §5.1)."""
    p = g.players[player]
    opts: list[tuple[Any, ...]] = []
    avail = costs.usable_cores(g, player)
    symbols = None
    seen: set[str] = set()
    for cid in p.hand + p.open_area if p.open_area else p.hand:
        d = g.static.defs[cid]  # cards in the hand show their front face (000 ch.2 §7)
        if d.kind != "brave" or d.id in seen:
            continue
        seen.add(d.id)
        if symbols is None:
            symbols = costs.field_symbols(g, player)
        cost = costs.reduced_cost(g, player, d, symbols)
        found = [("summon_braved", cid, h) for h in hosts_for(g, cid, player) if cost <= avail - g.defs[h].lv1_cores]
        if found and not summon_blocked(g, player, d):
            opts.extend(found)
            if unavailable:  # it can be summoned after all, braved
                unavailable[:] = [u for u in unavailable if u[0] != ("summon", cid)]
    return opts


def brave_options(g: Game, player: int, unavailable: list[Any] | None = None) -> list[tuple[Any, ...]]:
    """Fuse, separate and swap actions open in the Main Step."""
    opts: list[tuple[Any, ...]] = []
    usable = costs.usable_cores(g, player)
    for cid in g.players[player].field:
        fc = g.field[cid]
        if fc.leaving:
            continue
        if g.defs[cid].kind == "brave" and fc.host < 0:
            opts.extend(("fuse", cid, h) for h in hosts_for(g, cid, player))
        if fc.brave >= 0:
            b = fc.brave
            if usable >= g.defs[b].lv1_cores:
                opts.append(("separate", cid))
            opts.extend(("swap", cid, h) for h in hosts_for(g, b, player))
            # ch.1 §5.2: a swap also exchanges the braves of two braved spirits, each onto a
            # spirit it may brave (offered once per pair)
            opts.extend(("swap", cid, h) for h in exchange_partners(g, cid, player) if h > cid)
    return opts


def exchange_partners(g: Game, host: int, player: int) -> list[int]:
    """Braved spirits of `player` whose brave and `host`'s brave may change places."""
    b = g.field[host].brave
    out = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        if cid == host or fc.leaving or fc.host >= 0 or fc.brave < 0:
            continue
        if g.defs[b].can_brave(g.defs[cid]) and g.defs[fc.brave].can_brave(g.defs[host]):
            out.append(cid)
    return out


def fuse(g: Game, brave: int, host: int) -> None:
    owner = g.static.owner[brave]
    p = g.players[owner]
    bf, hf = g.field[brave], g.field[host]
    hf.cores += bf.cores
    bf.cores = 0
    if p.soul == brave:
        p.soul = host
    bf.host, hf.brave = host, brave
    hf.state = max(hf.state, bf.state)
    bf.state = hf.state
    g.cores_moved = True
    g.say(f"{g.name(owner)} braves {g.card_name(brave)} to {g.card_name(host)} (BP {costs.bp_of(g, host)}).")


@op("fuse")
def fuse_op(g: Game, brave: int, host: int) -> None:
    fuse(g, brave, host)


@op("swap")
def swap_op(g: Game, host: int, new_host: int) -> None:
    """Separation and fusion at once (ch.2 §1): the brave moves with no cores placed, never
    as a spirit in between; onto a braved spirit, the two braves change places."""
    old, nf = g.field[host], g.field[new_host]
    brave, other = old.brave, nf.brave
    brave_state, other_state = g.field[brave].state, g.field[other].state if other >= 0 else 0
    old.brave, nf.brave = other, brave
    g.field[brave].host = new_host
    nf.state = max(nf.state, brave_state)
    g.field[brave].state = nf.state
    who = g.name(g.static.owner[brave])
    if other < 0:
        g.say(f"{who} swaps {g.card_name(brave)} from {g.card_name(host)} to {g.card_name(new_host)}.")
        return
    g.field[other].host = host
    old.state = max(old.state, other_state)
    g.field[other].state = old.state
    g.say(
        f"{who} exchanges braves: {g.card_name(brave)} to {g.card_name(new_host)}, "
        f"{g.card_name(other)} to {g.card_name(host)}."
    )


def _place_decision(g: Game, brave: int, prompt: str, cancellable: bool) -> Decision:
    sources = tuple(s for s in costs.core_sources(g, g.static.owner[brave]) if s.source != brave)
    return costs.place_decision(g, brave, prompt, sources, cancellable)


@op("separate")
def separate_op(g: Game, host: int) -> None:
    brave = g.field[host].brave
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
    g.field[host].brave = -1
    bf = g.field[brave]
    bf.host = -1
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
    owner = g.static.owner[brave]
    need = g.defs[brave].lv1_cores
    if costs.usable_cores(g, owner) >= need:
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
    g.field[brave].leaving = ""
    n = costs.place(g, owner, answer, brave, g.defs[brave].lv1_cores)
    g.say(f"{g.card_name(brave)} stays on the field as a spirit with {costs.cores(n, answer[2] is True)}.")
    if was_attacker and g.battle is not None and g.battle.attacker < 0:
        g.battle.attacker = brave  # Q&A 合体 A3: the attack goes on


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
def summon_braved(g: Game, cid: int, host: int) -> None:
    """A brave summoned straight onto a spirit: pay, then it is braved (no cores placed)."""
    player = g.static.owner[cid]
    d = g.defs[cid]
    amount = costs.reduced_cost(g, player, d)
    if amount == 0:
        g.push(("braved_paid", ("pay", (), False), cid, host, 0))
        return
    prompt = f"Pay {costs.cores(amount)} to summon {d.name} braved to {g.card_name(host)}."
    sources = costs.sources_keeping(g, player, host)
    g.ask(costs.pay_decision(g, player, cid, amount, prompt, sources), "braved_paid", cid, host, amount)


@op("braved_paid")
def braved_paid(g: Game, answer: Any, cid: int, host: int, amount: int) -> None:
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
    fuse(g, cid, host)
    g.push(("entered", cid))


def _push_answer(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(answer)


MAIN_OPTIONS.extend((braved_summons, brave_options))
for _action in ("summon_braved", "fuse", "swap", "separate"):
    MAIN_ACTIONS[_action] = _push_answer
