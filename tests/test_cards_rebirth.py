"""One test per rebirth card (bs_tui/data/cards/rebirth.toml) and the rules of rebirth they
rest on (000 ch.2 §7; 003 on both faces being known). Docstrings quote the generated text
(`quoted`), back face included."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, position, quoted, side

from bs_tui.engine.rules.effects import leave_field
from bs_tui.engine.view import from_json, to_json, view_for


def attack_with(g, card_id: str):
    s = Script(g)
    oid = cid_of(g, 0, "field", card_id)
    s.expect(0, Kind.ATTACK, ("attack", oid))
    return s, oid


def test_b01_ember_chrysalis():
    """Ember Chrysalis (B01): "When summoned: Count +1." "When attacks: If your count is 2 or
    more, turn this card over to its back face (rebirth) (then count +1)." "Back face (after
    rebirth): Inferno Moth (B01) · spirit · red · cost 5 · Lv1:1c/5000 Lv2:3c/8000 · symbols
    red" "When this reborns: Destroy 1 opposing spirit with 3000 BP or less." "When attacks:
    This spirit gets BP +2000 this battle." 000 ch.2 §7 ①–⑤; a flip at "when attacks" does not
    fire the back face's "when attacks" effect; a battling spirit goes on battling."""
    quoted("B01", test_b01_ember_chrysalis.__doc__)
    g = position(side(field=[f("B01")]), side(field=[f("R01", st="exhausted")]), step="attack")
    g.players[0].count, g.players[0].void = 2, g.players[0].void - 2
    s, oid = attack_with(g, "B01")
    assert g.defs[oid].name == "Inferno Moth" and g.players[0].count == 3
    assert cid_of(g, 1, "trash", "R01") is not None  # when this reborns: destroyed
    assert logged(g, "to the attack of Inferno Moth")  # it went on battling, as its back face
    assert not logged(g, "Inferno Moth gets BP")  # that "when attacks" was not there at the attack
    assert bp(g, oid) == 5000
    g = position(side(field=[f("B01")]), side(), step="attack")
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    s, oid = attack_with(g, "B01")
    assert g.defs[oid].name == "Ember Chrysalis"  # the count is not enough
    assert logged(g, "cannot turn over now")


def test_b02_sealed_grimoire():
    """Sealed Grimoire (B02): "When one of your spirits attacks: If your count is 3 or more,
    turn this card over to its back face (rebirth) (putting 1 core(s) from the void on it)."
    "Back face (after rebirth): Grimoire Wraith (B02) · spirit · purple · cost 4 ·
    Lv1:1c/4000 Lv2:3c/6000 · symbols purple" "When this reborns: Draw 1 card." 000 ch.2 §7: a
    back face of another kind (a nexus becomes a spirit); only the flip effect moves cores."""
    quoted("B02", test_b02_sealed_grimoire.__doc__)
    g = position(side(field=[f("B02", 0), f("R01")]), side(), step="attack")
    g.players[0].count, g.players[0].void = 3, g.players[0].void - 3
    grimoire = cid_of(g, 0, "field", "B02")
    hand = len(g.players[0].hand)
    attack_with(g, "R01")
    assert g.defs[grimoire].kind == "spirit" and g.field[grimoire].cores == 1
    assert len(g.players[0].hand) == hand + 1


def test_b03_tide_egg():
    """Tide Egg (B03): "When summoned: Count +1." "When attacks: If your count is 1 or more,
    turn this card over to its back face (rebirth)." "Back face (after rebirth): Leviathan
    Hatchling (B03) · spirit · blue · cost 4 · Lv1:1c/4000 Lv2:3c/6000 · symbols blue" "When
    attacks: Discard 2 cards from the top of your opponent's deck." 000 ch.2 §7: back to the
    front face when it leaves the field; 003: where the card can be seen, both faces are known
    to both players."""
    quoted("B03", test_b03_tide_egg.__doc__)
    g = position(side(field=[f("B03")]), side(), step="attack")
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    s, oid = attack_with(g, "B03")
    assert g.defs[oid].name == "Leviathan Hatchling"
    v = view_for(g, 1)
    card = next(c.card for c in v.opponent.field if c.cid == oid)
    assert card.is_back and card.name == "Leviathan Hatchling"
    assert from_json(to_json(v)) == v  # a back face survives the wire
    leave_field(g, oid, "trash")
    assert g.defs[oid].name == "Tide Egg" and oid not in g.flipped
    t = next(c.card for c in view_for(g, 1).opponent.trash if c.cid == oid)
    assert t.back is not None and t.back.name == "Leviathan Hatchling"


def test_rebirth_stops_when_the_back_face_lacks_its_cores() -> None:
    """000 ch.2 §7 ③: if the back face has fewer cores than its lowest level needs, the rebirth
    stops there (no count, no "when this reborns") and the card is depleted."""
    g = position(side(field=[f("B02", 0), f("R01")]), side(), step="attack")
    g.players[0].count, g.players[0].void = 3, 0  # no core in the void to put on it
    grimoire = cid_of(g, 0, "field", "B02")
    hand = len(g.players[0].hand)
    attack_with(g, "R01")
    assert grimoire in g.players[0].trash and len(g.players[0].hand) == hand
    assert logged(g, "the rebirth stops there")


def test_deck_building_counts_both_faces_as_one_name(tmp_path) -> None:
    """000 ch.2 §7: a rebirth card's name is both faces together; three copies of it."""
    from bs_tui.engine import load_cards
    from bs_tui.engine.data.decks import read_deck

    deck = tmp_path / "d.toml"
    deck.write_text('name = "T"\n[cards]\nB03 = 4\n' + "".join(f"R{n:02d} = 2\n" for n in range(1, 19)))
    _, problems = read_deck(deck, load_cards())
    assert any("'Tide Egg / Leviathan Hatchling'" in str(p) for p in problems)
