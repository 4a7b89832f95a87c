"""One test per token-set card (bs_tui/data/cards/tokens.toml) and the rules of tokens they
rest on (000 ch.2 §9). Docstrings quote the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import Game, load_cards
from bs_tui.engine.data.decks import read_deck
from bs_tui.engine.model.state import SOUL_TRASH

TOKEN_TEXT = "Token: kept outside the deck; only effects put it onto the field, and it returns to the stock."


def tokens_of(g: Game, player: int, card_id: str) -> list[int]:
    return [c for c in g.players[player].tokens if g.static.defs[c].id == card_id]


def on_field(g: Game, player: int, card_id: str) -> list[int]:
    return [c for c in g.players[player].field if g.defs[c].id == card_id]


def test_k01_ember_imp_token():
    """Ember Imp Token (K01): "Token: kept outside the deck; only effects put it onto the
    field, and it returns to the stock." 000 ch.2 §9: a token cannot be in a deck."""
    quoted("K01", test_k01_ember_imp_token.__doc__)
    assert TOKEN_TEXT in test_k01_ember_imp_token.__doc__.replace("\n    ", " ")


def test_k02_sprout_token(tmp_path):
    """Sprout Token (K02): "Token: kept outside the deck; only effects put it onto the field,
    and it returns to the stock." 000 ch.2 §9: a deck holding a token is refused, naming it."""
    quoted("K02", test_k02_sprout_token.__doc__)
    deck = tmp_path / "d.toml"
    deck.write_text('name = "T"\n[cards]\nK02 = 1\n' + "".join(f"R{n:02d} = 2\n" for n in range(1, 21)))
    _, problems = read_deck(deck, load_cards())
    assert any("K02 is a token" in str(p) and ":4:" not in str(p) for p in problems)
    assert any(str(p).startswith(f"{deck}:3:") for p in problems)


def test_k03_sentry_drone_token():
    """Sentry Drone Token (K03): "Token: kept outside the deck; only effects put it onto the
    field, and it returns to the stock." 000 ch.2 §9: tokens come from the stock (here five
    of each token the deck's cards can put onto the field)."""
    quoted("K03", test_k03_sentry_drone_token.__doc__)
    g = position(side(hand=["K13"], reserve=4), side())
    assert len(tokens_of(g, 0, "K03")) == 5
    assert view_tokens(g) == 5


def view_tokens(g: Game) -> int:
    from bs_tui.engine.view import view_for

    return view_for(g, 1).sides[0].tokens  # the stock is seen by both players


def test_k11_imp_kiln_mother():
    """Imp Kiln Mother (K11): "When summoned: Put an Ember Imp Token onto the field."
    000 ch.2 §9: no cost; at least the token's lowest level's cores placed from your field or
    reserve; it is not summoned, so no "when summoned" effect fires for it."""
    quoted("K11", test_k11_imp_kiln_mother.__doc__)
    g = position(side(hand=["K11"], field=[f("R01")], reserve=4), side())
    k11 = cid_of(g, 0, "hand", "K11")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", k11))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.context.get("token") and d.allocation.amount == 1
    g.answer(place(reserve=1))
    imps = on_field(g, 0, "K01")
    assert len(imps) == 1 and len(tokens_of(g, 0, "K01")) == 4
    assert logged(g, "puts the token Ember Imp Token onto the field with 1 core")
    assert not logged(g, "summons Ember Imp Token")


def test_k12_seedcall_dryad():
    """Seedcall Dryad (K12): "[Lv2] When attacks: Put a Sprout Token onto the field."
    000 ch.2 §9: a token spirit is a spirit: it attacks and blocks, and when it leaves the
    field it goes back to the stock, not to the trash; a "spirit destroyed by the opponent"
    burst cannot fire for it."""
    quoted("K12", test_k12_seedcall_dryad.__doc__)
    g = position(side(field=[f("K12", 3)], reserve=2, burst="R20"), side(field=[f("R02")]), step="attack")
    k12 = cid_of(g, 0, "field", "K12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", k12))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    sprout = on_field(g, 0, "K02")[0]
    s.expect(1, Kind.BLOCK, ("take",))
    # turn 4: player 2 attacks; the sprout blocks and is destroyed by the Flarewing Drake
    while g.decision is not None and not (g.decision.player == 1 and g.decision.kind == Kind.ATTACK):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R02")))
    s.expect(0, Kind.BLOCK, ("block", sprout))
    assert sprout in g.players[0].tokens and sprout not in g.players[0].trash
    assert logged(g, "Sprout Token returns to the token stock.")
    d = g.decision
    assert not (d is not None and d.context.get("question") == "burst")  # Rekindled Firebird stays set
    assert g.players[0].burst


def test_k13_drone_foundry():
    """Drone Foundry (K13): "Main: Put 2 Sentry Drone Tokens onto the field." """
    quoted("K13", test_k13_drone_foundry.__doc__)
    g = position(side(hand=["K13"], reserve=5), side())
    k13 = cid_of(g, 0, "hand", "K13")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", k13, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(on_field(g, 0, "K03")) == 2
    assert g.players[0].soul != SOUL_TRASH


def turn_of(g: Game, player: int) -> None:
    """End the turn under way (ending each step, taking every hit) until `player`'s Main Step."""
    while g.decision is not None and not (g.decision.player == player and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else ("take",) if ("take",) in d.options else d.options[-1])


def test_k04_wisp_token():
    """Wisp Token (K04): "Token: kept outside the deck; only effects put it onto the field, and
    it returns to the stock." "When this leaves the field: Draw 1 card." 000 ch.2 §9: when a
    token leaves the field it returns to the stock, and its "leaves the field" effects fire."""
    quoted("K04", test_k04_wisp_token.__doc__)
    g = position(side(hand=["K14"], reserve=4, deck=["R01"] * 5), side(hand=["X09"], reserve=5, deck=["R01"] * 5))
    k14 = cid_of(g, 0, "hand", "K14")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", k14))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    wisp = on_field(g, 0, "K04")[0]
    turn_of(g, 1)
    hand = len(g.players[0].hand)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X09"), "main"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(1, Kind.CHOOSE_TARGETS, (wisp,))
    assert wisp in g.players[0].tokens and wisp not in g.players[0].hand
    assert len(g.players[0].hand) == hand + 1  # it drew as it left
    assert logged(g, "Wisp Token returns to the token stock.")


def test_k14_wispkeeper_lantern():
    """Wispkeeper Lantern (K14): "When summoned: Put a Wisp Token onto the field." 000 ch.2 §9:
    the token stock holds the tokens the deck's cards name, five of each."""
    quoted("K14", test_k14_wispkeeper_lantern.__doc__)
    g = position(side(hand=["K14"], reserve=4), side())
    assert len(tokens_of(g, 0, "K04")) == 5
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "K14")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert d.context.get("token")
    assert len(on_field(g, 0, "K04")) == 1 and len(tokens_of(g, 0, "K04")) == 4


def test_k15_homeward_glimmer():
    """Homeward Glimmer (K15): "Burst: after your spirit leaves the field because of the
    opponent: Put a Wisp Token onto the field. Then, by paying the cost, use this card's Flash
    effect." "Flash: Draw 1 card." 000 ch.2 §9: a token
    taken off the field by the opponent sets off "your spirit left the field because of the
    opponent" bursts (though never "destroyed by the opponent" ones); ch.2 §2: the burst is
    activated after the effect that set it off."""
    quoted("K15", test_k15_homeward_glimmer.__doc__)
    g = position(
        side(hand=["K14"], reserve=4, deck=["R01"] * 5, burst="K15"),
        side(hand=["X09"], reserve=5, deck=["R01"] * 5),
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "K14")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    wisp = on_field(g, 0, "K04")[0]
    turn_of(g, 1)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "X09"), "main"))
    s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(1, Kind.CHOOSE_TARGETS, (wisp,))
    d = s.expect(0, Kind.YES_NO)
    assert d.context.get("question") == "burst" and d.options == (True, False)
    g.answer(True)
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(on_field(g, 0, "K04")) == 1
    s.expect(0, Kind.PAY_COST, ("cancel",))  # the flash effect after it is paid for, or not
    assert cid_of(g, 0, "trash", "K15") >= 0
