"""Contract cards (契约卡; 001 "关于契约卡"; rulebook 000 chapter 2 §8, chapter 1 §3).

- The opening: before shuffling, a player with a contract card in the deck may set one
  aside face down; they draw 3 instead of 4 and add it to the hand, shown to the opponent
  (`flow.opening` asks; this module offers the card).
- Soul state (魂状态): a contract card leaving the field because of the opponent (or one
  among the advent sources of a spirit that does, which comes apart from it) may stay
  there instead, chosen at the moment a brave chooses to stay as a spirit (after the
  effects of its leaving resolve); this is no effect, so "cannot activate" does not stop it.
  Its cores go to the reserve (a grandwalker's to the void), none can be placed on it, its
  symbols reduce nothing, it cannot attack or block, and only its own effects and effects
  that name soul state reach it (`predicates`, `costs`, `keywords.unaffected`). Its
  [Soul State] effects work there without levels. It did not go to the trash, so
  "destroyed by the opponent" bursts do not fire for it.
- Over Count (OC): while its controller's count is at least the card's OC, the card gets
  its OC BP+ (`costs.bp_of`) and its [OC] effects work (`effects._collect_from`); this
  module tells the log when a card reaches or leaves it.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import (
    COLLECTORS,
    COUNT_WATCHERS,
    KEEPERS,
    MAIN_ACTIONS,
    MAIN_OPTIONS,
    OPENINGS,
    Question,
    label,
    needs,
    question,
)
from ..model.braving import detach
from ..model.game import Game
from ..model.state import REFRESHED, SOUL_RESERVE, FieldCard
from ..rules import costs
from ..rules.card_verbs import rekey
from ..rules.effects import collect, leave_to


def contract_offer(g: Game, player: int) -> tuple[int, str] | None:
    """The contract card a player may set aside for the opening hand (001: one of them)."""
    for cid in g.players[player].deck:
        d = g.static.defs[cid]
        if d.contract:
            return cid, (
                f"Contract opening: set {d.name} aside, draw 3 instead of 4, and add it to your hand"
                " (your opponent sees it)?"
            )
    return None


def keep_in_soul_state(g: Game, cid: int, dest: str) -> bool:
    """Offer soul state to a contract card leaving the field because of the opponent: the
    card itself, or a contract card among the advent sources of a spirit that leaves (001)."""
    fc = g.field[cid]
    owner = g.static.owner[cid]
    if fc.soul_state or fc.left_by < 0 or fc.left_by == owner:
        return False
    if not g.defs[cid].contract:
        sources = tuple(s for s in fc.sources if g.static.defs[s].contract)
        if not sources:
            return False
        ask_source(g, cid, dest, sources, ())
        return True
    g.ask_yes_no(
        owner,
        "soul_state",
        f"{g.card_name(cid)} leaves the field because of your opponent: leave it on the field in soul state"
        " instead (its cores go to your reserve)?",
        {"card": cid, "to": dest},
        "soul_state_answer",
        cid,
        dest,
    )
    return True


@op("soul_state_answer")
def soul_state_answer(g: Game, answer: bool, cid: int, dest: str) -> None:
    if cid not in g.field:
        return
    if not answer:
        leave_to(g, cid, dest)
        return
    enter_soul_state(g, cid)


def ask_source(g: Game, oid: int, dest: str, pending: tuple[int, ...], kept: tuple[int, ...]) -> None:
    """Ask about each contract card under the leaving spirit in turn, then let it go."""
    if not pending:
        keep_sources(g, oid, dest, kept)
        return
    src = pending[0]
    g.ask_yes_no(
        g.static.owner[oid],
        "source_soul_state",
        f"{g.card_name(oid)} leaves the field because of your opponent: leave its advent source"
        f" {g.static.defs[src].name} on the field in soul state (the rest goes)?",
        {"card": src, "to": dest, "source_of": oid},
        "source_soul_state_answer",
        oid,
        dest,
        pending,
        kept,
    )


@op("source_soul_state_answer")
def source_soul_state_answer(
    g: Game, answer: bool, oid: int, dest: str, pending: tuple[int, ...], kept: tuple[int, ...]
) -> None:
    if oid not in g.field:
        return
    ask_source(g, oid, dest, pending[1:], (*kept, pending[0]) if answer else kept)


def keep_sources(g: Game, oid: int, dest: str, kept: tuple[int, ...]) -> None:
    """The kept advent sources come apart from the leaving spirit, each a card of its own
    in soul state where the spirit stood; the spirit then leaves with its other cards."""
    if oid in kept:
        # the bottom card, whose id the object bears, stays: the rest leave under the id of
        # the card on top
        top = g.field[oid].top
        rekey(g, oid, top)
        oid = top
    fc = g.field[oid]
    p = g.players[g.static.owner[oid]]
    at = p.field.index(oid)
    for src in kept:
        fc.sources = tuple(s for s in fc.sources if s != src)
        # the same visit to the field: its once-per-turn effects stay used (Q&A 关于契约卡 A3)
        g.field[src] = FieldCard(src, REFRESHED, 0, fc.entered_turn, serial=fc.serial, top=src)
        p.field.insert(at, src)
        g.refresh_defs(src, oid)
        enter_soul_state(g, src)
    leave_to(g, oid, dest)


def enter_soul_state(g: Game, cid: int) -> None:
    owner = g.static.owner[cid]
    p = g.players[owner]
    fc = g.field[cid]
    if g.defs[cid].walker:
        p.void += fc.cores
    else:
        p.reserve += fc.cores
    fc.cores = 0
    if p.soul == cid:
        p.soul = SOUL_RESERVE
    for c in (*fc.sources, *fc.under):  # the cards under it go to the trash; it stays (000 ch.2 §8)
        p.trash.append(c)
    if fc.sources:
        fc.sources = ()
        g.refresh_defs(cid)
    fc.under = ()
    # effects that were on it end (001): a card in soul state is another thing for effects
    g.mods = [m for m in g.mods if m.cid != cid]
    b = g.battle
    if b is not None:
        b.attacker = -1 if b.attacker == cid else b.attacker
        b.blocker = -1 if b.blocker == cid else b.blocker
    if cid in g.leaving:
        g.leaving.remove(cid)
    fc.leaving, fc.left_by, fc.state, fc.soul_state = "", -1, REFRESHED, True
    g.cores_moved = True
    g.say(f"{g.card_name(cid)} stays on the field in soul state.", tag="soul_state")
    if fc.brave >= 0 and fc.brave in g.field and detach(g, fc.brave, cid):
        brave = g.field[fc.brave]
        brave.leaving = "detached"
        g.tasks.append(("brave_stays", brave.cid, "trash", False))


# ----------------------------------------------------------------------- Over Count


def _count_moved(g: Game, player: int, before: int) -> None:
    now = g.players[player].count
    for cid in g.players[player].field:
        d = g.defs[cid]
        if not d.oc or g.field[cid].soul_state:
            continue
        if before < d.oc <= now:
            g.say(f"{d.name} reaches Over Count {d.oc}: BP +{d.oc_bp} and its [OC] effects.", tag="oc")
        elif now < d.oc <= before:
            g.say(f"{d.name} is no longer in Over Count (the count is {now}).")


def _summoned_in_oc(g: Game, when: str, cid: int) -> None:
    if when == "summoned":
        d = g.defs[cid]
        if d.oc and g.players[g.static.owner[cid]].count >= d.oc:
            g.say(f"{d.name} is in Over Count {d.oc}: BP +{d.oc_bp} and its [OC] effects.", tag="oc")


# ----------------------------------------------------------------------- revival


def revival_options(
    g: Game, player: int, unavailable: list[Any] | None = None, hand: costs.HandCosts | None = None
) -> list[tuple[Any, ...]]:
    """【复活】 (000 ch.2 §6): a contract grandwalker in soul state deployed again, paying its cost."""
    opts: list[tuple[Any, ...]] = []
    for cid in g.players[player].field:
        fc = g.field[cid]
        d = g.defs[cid]
        if not (fc.soul_state and d.revival):
            continue
        hand = hand or costs.HandCosts(g, player)
        cost, avail = hand.cost(d), hand.usable
        if cost <= avail:
            opts.append(("revive", cid))
        elif unavailable is not None:
            unavailable.append((("revive", cid), f"Revival: costs {cost}; you can pay {avail}"))
    return opts


@op("revive")
def revive(g: Game, cid: int) -> None:
    player = g.static.owner[cid]
    amount = costs.reduced_cost(g, player, g.defs[cid])
    prompt = f"Pay {costs.cores(amount)} to deploy {g.card_name(cid)} again from soul state (Revival)."
    costs.ask_payment(g, player, cid, amount, prompt, "revived")


@op("revived")
def revived(g: Game, answer: Any, cid: int, amount: int) -> None:
    player = g.static.owner[cid]
    if not costs.paid(g, player, answer, amount):
        return
    fc = g.field[cid]
    fc.soul_state = False
    g.serial += 1
    fc.serial, fc.entered_turn = g.serial, g.turn  # another visit: its once-per-turn effects anew
    g.say(f"{g.name(player)} deploys {g.card_name(cid)} again from soul state (Revival).", tag="revival")
    collect(g, "summoned", cid)


def _main_revive(g: Game, answer: tuple[Any, ...]) -> None:
    g.push(("revive", answer[1]))


def _gone(ctx: object) -> str:
    """Where a card not kept in soul state goes (the decision's context names it)."""
    to = getattr(ctx, "get", lambda k, d=None: d)("to", "trash")
    return {"hand": "to the hand", "deck": "to the bottom of the deck"}.get(to, "to the trash")


question("soul_state", Question(yes="Leave it on the field in soul state", no=lambda c: f"Let it go {_gone(c)}"))
question(
    "source_soul_state",
    Question(yes="Leave it on the field in soul state", no=lambda c: f"Let it go {_gone(c)} with the spirit"),
)
MAIN_OPTIONS.append(needs("walkers")(revival_options))
MAIN_ACTIONS["revive"] = _main_revive
OPENINGS.append(contract_offer)
KEEPERS.append(keep_in_soul_state)
COUNT_WATCHERS.append(_count_moved)
COLLECTORS.append(needs("oc")(_summoned_in_oc))


@label("revive", "Deploy {} again (Revival)")
def _revive_label(w: Any, v: Any, o: tuple[Any, ...]) -> str:
    return f"Deploy {w.name(v, o[1])} again from soul state (Revival)"
