"""Rules of 000 ch.2 and its Q&A that needed the engine to tell things apart (issue 17):
whose effect a brave's summon effect is, and a swap under "cannot be braved"."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, place, position, side


def test_a_brave_summoned_as_a_spirit_keeps_its_own_summon_effect() -> None:
    """000 Q&A 关于合体 A2 (l.853-854): a brave summoned as a spirit counts as a spirit, yet its
    "when this brave is summoned" effect stays the brave's: "the 'when summoned' effects of
    opposing spirits cannot activate" (Reliquary of Hushes, E10) does not stop it, while it
    stops a spirit's own (Blazefang Raptor's destroy)."""
    g = position(side(hand=["G15", "R03"], reserve=9, deck=["R01"] * 3), side(field=[f("E10", 0), f("R01", 1)]))
    g15, r03 = cid_of(g, 0, "hand", "G15"), cid_of(g, 0, "hand", "R03")
    r01 = cid_of(g, 1, "field", "R01")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", g15))
    g.answer(("pay", (("reserve", g.decision.allocation.amount),), False))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.players[0].void == void - 1  # the brave's "when summoned": a core from the void
    s.expect(0, Kind.MAIN_ACTION, ("summon", r03))
    g.answer(("pay", (("reserve", g.decision.allocation.amount),), False))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert r01 in g.field  # the spirit's own "when summoned" is stopped


def test_a_swap_never_braves_a_spirit_that_cannot_be_braved() -> None:
    """000 ch.2 §1 (l.426): a swap is a separation and a braving at once, so it cannot brave a
    spirit under "cannot be braved" (Sundering Stag, E25: "Opposing spirits cannot be
    braved")."""
    mine = side(field=[f("R04", 3, brave="G15"), f("R06", 1, brave="W13")])
    for theirs, offered in ((side(), True), (side(field=[f("E25", 1)]), False)):
        g = position(mine, theirs)
        r04, r06 = cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R06")
        swap = ("swap", min(r04, r06), max(r04, r06))
        assert (swap in g.decision.options) == offered


def test_a_spirit_whose_effects_cannot_activate_watches_its_spirits_in_vain() -> None:
    """000 Q&A 关于效果整体 A4 (l.770-771): "the effects of this spirit cannot activate" is all of
    them: Pactbound Ember Wyvern's "when one of your spirits attacks: count +1" (Q01) does not
    activate under Muted Choir Lich (E11: during its owner's opponent's turn, the effects of
    opposing spirits cannot activate, unpreventable), as its own "when attacks" does not; without
    the Lich it counts."""
    for theirs, counted in ((side(field=[f("E11", 1)]), 0), (side(), 1)):
        g = position(side(field=[f("Q01", 1), f("R03", 1)]), theirs, step="attack")
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R03")))
        assert g.players[0].count == counted


def test_a_spirit_and_its_brave_are_told_apart_by_colour() -> None:
    """003 合体しているブレイヴ (l.62-64): a braved spirit has its brave's colours besides its
    own, while the brave keeps only its own: a red spirit braved with a white brave is red and
    white, its brave white; an effect choosing opposing braves by colour sees the brave as
    white only (red reaches the spirit alone), while one choosing spirits sees both colours."""
    from bs_tui.engine.data.cards import Step
    from bs_tui.engine.rules.verbs import eligible

    g = position(side(field=[f("R01", 1)]), side(field=[f("R04", 3, brave="W13")]))
    r04, w13 = cid_of(g, 1, "field", "R04"), cid_of(g, 1, "field", "W13")
    me = cid_of(g, 0, "field", "R01")  # the card whose effect chooses

    def chosen(target: str, colour: str) -> list[int]:
        return eligible(g, (me, 0, 0, me), Step("destroy", (("colour", colour), ("target", target))))

    assert chosen("opponent_spirit", "red") == [r04] and chosen("opponent_spirit", "white") == [r04]
    assert chosen("opponent_brave", "white") == [w13] and chosen("opponent_brave", "red") == []
