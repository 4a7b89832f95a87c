"""What a thing counts as now: the one place that says whether a field object is a
spirit, an ultimate, a nexus, a brave in spirit state, a token.

Every targeting, trigger and rule asks these instead of testing card kinds, so that a
system that changes what something counts as (an ultimate that is no spirit, 000 ch.2 §4;
a token that is a spirit, §9; a back face of another kind, §7) is one change here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

# Card kinds that have levels, BP, and cores they need to stay on the field.
LEVELLED = frozenset(("spirit", "brave", "ultimate"))


def is_spirit(g: Game, oid: int) -> bool:
    """A spirit for every effect aimed at spirits: a spirit card, or a brave on its own
    (in spirit state); never an ultimate (ch.2 §4) nor a brave braved to a spirit."""
    fc = g.field.get(oid)
    return fc is not None and fc.host < 0 and not fc.soul_state and g.defs[oid].kind in ("spirit", "brave")


def is_ultimate(g: Game, oid: int) -> bool:
    fc = g.field.get(oid)
    return fc is not None and fc.host < 0 and not fc.soul_state and g.defs[oid].kind == "ultimate"


def is_nexus(g: Game, oid: int) -> bool:
    fc = g.field.get(oid)
    return fc is not None and g.defs[oid].kind == "nexus"


def fights(g: Game, oid: int) -> bool:
    """Can attack and block, has BP in battle: a spirit or an ultimate (ch.1 §2, ch.2 §4),
    or a grandwalker that has ascended (ch.2 §6: it counts as a spirit too)."""
    fc = g.field.get(oid)
    if fc is None or fc.host >= 0 or fc.soul_state:
        return False
    d = g.defs[oid]
    return d.kind in LEVELLED or (d.walker and ascended(g, oid))


def ascended(g: Game, oid: int) -> bool:
    """A grandwalker under its [Ascension] this turn (000 ch.2 §6)."""
    return any(m.cid == oid and m.kind == "ascended" for m in g.mods)


def levelled(g: Game, oid: int) -> bool:
    """Holds cores for levels and is depleted below its lowest level's cost."""
    return g.defs[oid].kind in LEVELLED


def is_grandwalker(g: Game, oid: int) -> bool:
    fc = g.field.get(oid)
    return fc is not None and g.defs[oid].grandwalker


def is_walker(g: Game, oid: int) -> bool:
    """A grandwalker or astral stone nexus on the field (000 ch.2 §6): it and its cores are
    affected only by its own effects and effects that name such nexuses."""
    fc = g.field.get(oid)
    return fc is not None and g.defs[oid].walker


def is_astral_stone(g: Game, oid: int) -> bool:
    fc = g.field.get(oid)
    return fc is not None and g.defs[oid].astral_stone


def is_brave(g: Game, oid: int) -> bool:
    """A brave for effects aimed at braves ("destroy 1 brave"): in spirit state, or braved to
    a spirit or ultimate; never one braved to a grandwalker nexus, which takes only effects
    that name grandwalkers (000 ch.2 §1, line 476), nor one in soul state (001)."""
    fc = g.field.get(oid)
    if fc is None or fc.soul_state or g.defs[oid].kind != "brave":
        return False
    return fc.host < 0 or not any(g.defs[h].walker for h in (fc.host, fc.host2) if h >= 0)


def is_braved_brave(g: Game, oid: int) -> bool:
    fc = g.field.get(oid)
    return fc is not None and fc.host >= 0


def on_field(g: Game, oid: int) -> bool:
    """A card on the field on its own: a spirit, ultimate, nexus, or a brave in spirit
    state (a braved brave is part of its spirit). "A card on the field" in an effect's
    words reaches ultimates too (ch.2 §4)."""
    fc = g.field.get(oid)
    return fc is not None and fc.host < 0 and not fc.soul_state


def counts_as(g: Game, oid: int, what: str) -> bool:
    """`what` is a target class of the effect vocabulary: "spirit", "ultimate",
    "spirit_or_ultimate", "nexus", "field" (any card on the field), "walker" (a grandwalker),
    "astral_stone" or "brave"."""
    if what == "spirit":
        return is_spirit(g, oid)
    if what == "ultimate":
        return is_ultimate(g, oid)
    if what == "spirit_or_ultimate":
        return fights(g, oid)
    if what == "nexus":
        return is_nexus(g, oid)
    if what == "field":
        return on_field(g, oid)
    if what == "walker":
        return is_grandwalker(g, oid)
    if what == "astral_stone":
        return is_astral_stone(g, oid)
    if what == "brave":
        return is_brave(g, oid)
    if what == "soul_state":  # 001: effects aimed at soul state reach a card in it
        fc = g.field.get(oid)
        return fc is not None and fc.soul_state
    raise ValueError(f"unknown target class {what!r}")
