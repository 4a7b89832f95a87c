"""The newer rule systems at the table, played by keys through Textual's Pilot as a new
user meets them: a token's cores placed with one key (000 ch.2 §9), an advent that says
where the Soul Core goes (ch.2 §5), open-area cards told from hand cards (003 手元), and
the marks and Card pane words for ultimates (ch.2 §4), tokens and a turned-over rebirth
card (ch.2 §7) with both its faces."""

from __future__ import annotations

import pytest
from conftest import cid_of, game_of, position, side
from pilot import settle

from bs_tui.agents import GreedyAgent
from bs_tui.engine import Kind, load_cards
from bs_tui.engine.view import view_for
from bs_tui.seats import LocalSeat
from bs_tui.tui.app import BattleApp
from bs_tui.tui.cardlines import card_detail, field_line, side_counts
from bs_tui.tui.labels import option_label

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


def vs_ai(g) -> BattleApp:
    return BattleApp(LocalSeat(g, [None, GreedyAgent(0)]), ai_delay=0)


def rows(option_list) -> list[str]:
    return [str(option_list.get_option_at_index(i).prompt) for i in range(option_list.option_count)]


def kiln_mother():
    """Imp Kiln Mother (K11) in hand: when summoned, put an Ember Imp Token onto the field."""
    return position(side(hand=["K11"], field=[{"card": "R02", "cores": 2, "soul": True}], reserve=6), side())


async def summon_kiln_mother(pilot, app: BattleApp) -> None:
    await settle(pilot, app)
    await pilot.press("1")  # Summon Imp Kiln Mother
    await settle(pilot, app)
    await pilot.press("1")  # pay: the ready-made payment
    await settle(pilot, app)
    await pilot.press("1")  # place: 1 core for Lv1
    await settle(pilot, app)


async def test_a_token_entering_the_field_has_a_ready_made_placement_first():
    """The token's card is in the stock, which the view counts but does not show: the lowest
    level's cores are still offered first, and `1` places them."""
    g = kiln_mother()
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await summon_kiln_mother(pilot, app)
        d = game_of(app).decision
        assert d.kind == Kind.PLACE_CORES and d.context.get("token")
        labels = rows(app.query_one("#actions"))
        assert labels[0] == "1 Place 1 core for its lowest level: 1 from the reserve", labels
        await pilot.press("1")
        await settle(pilot, app)
        field = rows(app.query_one("#my-field"))
        assert any("Ember Imp Token" in r and r.rstrip().endswith("T") for r in field), field
        log = app.table.view(0).log
        assert "Player 1 puts the token Ember Imp Token onto the field with 1 core." in log


async def test_d_places_a_tokens_cores_at_once():
    """`d` (Default cores) answers a token's placement itself instead of opening the core
    screen with nothing taken."""
    g = kiln_mother()
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await summon_kiln_mother(pilot, app)
        token = game_of(app).decision.allocation.card
        await pilot.press("d")
        await settle(pilot, app)
        assert app.screen is app.table_screen
        assert token in game_of(app).field and game_of(app).field[token].cores == 1


def test_the_token_stock_is_named_as_a_stock():
    g = kiln_mother()
    counts = side_counts(view_for(g, 0).you, True).plain
    assert "Token stock 5" in counts, counts


def test_an_advent_says_it_costs_nothing_and_where_the_soul_core_goes():
    """000 ch.2 §5: Pyre Regent Dragon's Soul Core goes to the trash, Dawnguard Paladin's to
    the reserve; each option fits a line at 80 columns."""
    g = position(side(hand=["A01", "A03"], field=[{"card": "R03", "cores": 1, "soul": True}], reserve=1), side())
    v = view_for(g, 0)
    d = v.decision
    labels = {o[1]: option_label(v, d, o) for o in d.options if o[0] == "advent"}
    a01, a03 = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "hand", "A03")
    assert labels[a01] == "Advent Pyre Regent Dragon onto Blazefang Raptor (no cost; Soul Core → trash)"
    assert labels[a03] == "Advent Dawnguard Paladin onto Blazefang Raptor (no cost; Soul Core → reserve)"
    assert all(len(x) + 2 <= 80 for x in labels.values())


def test_an_open_area_card_is_told_from_a_hand_card():
    """003 手元: a card played from the open area says so in its option."""
    g = position(side(hand=["R01"], open_area=["R02"], reserve=6), side())
    v = view_for(g, 0)
    d = v.decision
    r01, r02 = cid_of(g, 0, "hand", "R01"), cid_of(g, 0, "open_area", "R02")
    labels = {o[1]: option_label(v, d, o) for o in d.options if o[0] == "summon"}
    assert labels[r02].startswith("Summon Flarewing Drake from the open area ("), labels
    assert labels[r01].startswith("Summon Cinder Pup ("), labels


def test_an_ultimate_warns_when_its_lv3_cores_deplete_a_spirit():
    """An ultimate needs its lowest level's cores too (000 ch.2 §4): paying 5 + 1 with only
    5 spare cores (4 in the reserve, 1 above Herald of Crowns' Lv1) depletes a spirit, and
    the option says so, as a spirit's would."""
    g = position(side(hand=["X01"], field=[{"card": "X08", "cores": 1, "soul": True}], reserve=4), side())
    v = view_for(g, 0)
    d = v.decision
    x01 = cid_of(g, 0, "hand", "X01")
    label = option_label(v, d, ("summon", x01))
    assert label == "Summon Sovereign Flame Ultimate (pay 5 + 1 for Lv3) ⚠ only by depleting a spirit", label


async def test_an_ultimate_is_marked_on_the_field_and_starts_at_lv3():
    g = position(side(hand=["X01"], field=[{"card": "X08", "cores": 1, "soul": True}], reserve=9), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key in ("1", "1", "1"):  # summon, the ready-made payment, 1 core for Lv3
            await pilot.press(key)
            await settle(pilot, app)
        line = next(r for r in rows(app.query_one("#my-field")) if "Sovereign" in r)
        assert " Lv3 " in line and line.rstrip().endswith(" U"), line


async def test_a_turned_over_card_is_marked_and_the_card_pane_shows_both_faces():
    """000 ch.2 §7: Tide Egg turns over when it attacks with the count at 1; its line is
    marked ↻ and the Card pane names it a back face and reads its front face too."""
    g = position(side(field=[{"card": "B03", "cores": 1}]), side(), step="attack")
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    egg = cid_of(g, 0, "field", "B03")
    app = vs_ai(g)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("1")  # attack with Tide Egg: it turns over
        await settle(pilot, app)
        assert game_of(app).defs[egg].name == "Leviathan Hatchling"
        line = next(r for r in rows(app.query_one("#my-field")) if "Leviathan" in r)
        assert line.rstrip().endswith("↻"), line
        await pilot.press("f")
        await pilot.pause()
        detail = app.query_one("#detail")
        assert detail.shown[0].name == "Leviathan Hatchling"
        text = card_detail(detail.shown[0], detail.shown[1]).plain
        assert "Spirit (back face) · blue · B03" in text
        assert "Front face (before rebirth): Tide Egg (B03)" in text and "When summoned: Count +1." in text


def test_a_token_and_an_advented_spirit_in_the_card_pane():
    g = position(side(hand=["A01"], field=[{"card": "R03", "cores": 2}]), side())
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    g.answer(("advent", a01, raptor))
    while g.decision is not None and g.decision.kind != Kind.MAIN_ACTION:
        g.answer(g.decision.options[0])
    f = next(x for x in view_for(g, 0).you.field if x.cid == raptor)
    assert "Advent sources under it: Blazefang Raptor" in card_detail(f.card, f).plain
    token = load_cards()["K01"]
    assert card_detail(token).plain.splitlines()[1].startswith("Token spirit · ")
    assert not field_line(f).plain.rstrip().endswith(("U", "T", "↻"))


def test_a_soul_core_alone_in_the_trash_is_not_0_cores():
    g = position(side(hand=["A01"], field=[{"card": "R03", "cores": 1, "soul": True}], reserve=0), side())
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    g.answer(("advent", a01, raptor))  # Pyre Regent Dragon: the Soul Core to the trash
    counts = side_counts(view_for(g, 0).you, True, width=200).plain
    assert "Trash: the Soul Core ◆ · 0 cards" in counts, counts


def test_two_tokens_of_one_name_are_told_apart_in_the_options():
    """Drone Foundry puts two Sentry Drone Tokens out at once: an attack names each by its
    place on the field ("#1", "#2"), as the log does, whatever their cores."""
    soul = {"card": "K03", "cores": 0, "soul": True}
    for second, marks in ((soul, ("#1", "#2")), ({"card": "K03", "cores": 1}, ("#1", "#2"))):
        g = position(side(field=[{"card": "K03", "cores": 1}, second]), side(), step="attack")
        v = view_for(g, 0)
        labels = [option_label(v, v.decision, o) for o in v.decision.options if o[0] == "attack"]
        assert [x.split(" (")[0] for x in labels] == [f"Attack with Sentry Drone Token {m}" for m in marks], labels
    g = position(side(field=[{"card": "K03", "cores": 1}]), side(), step="attack")
    v = view_for(g, 0)
    assert option_label(v, v.decision, v.decision.options[0]).startswith("Attack with Sentry Drone Token (BP")


def test_over_count_shows_live_on_the_field_line():
    """001 (Over Count): the field line marks OC while the count meets the card's OC, and
    not once it falls below; the view carries it as plain data."""
    from bs_tui.engine.scenario import position, side
    from bs_tui.engine.view import view_for
    from bs_tui.tui.cardlines import field_line

    g = position(side(field=[{"card": "Q01", "cores": 1}]), side())
    f = view_for(g, 0).you.field[0]
    assert not f.over_count and " OC" not in field_line(f).plain
    g.players[0].count, g.players[0].void = 2, g.players[0].void - 2
    f = view_for(g, 1).sides[0].field[0]
    assert f.over_count and field_line(f).plain.endswith(" OC") and f.bp == 4000 + 3000
    assert "Over Count met: BP +3000 and its [OC] effects" in card_detail(f.card, f).plain


def test_the_soul_state_choice_says_where_the_card_goes_otherwise():
    """001 (soul state): the choice is offered when a contract card leaves because of the
    opponent, to the trash, the hand or the deck, or as an advent source of a leaving spirit
    (000 ch.2 §8); the 'no' option says where it goes instead."""
    g = position(side(field=[{"card": "Q03", "cores": 1}], reserve=1), side(hand=["X09"], reserve=6), active=1)
    q03, x09 = cid_of(g, 0, "field", "Q03"), cid_of(g, 1, "hand", "X09")
    g.answer(("magic", x09, "main"))
    g.answer(("pay", (("reserve", g.decision.allocation.amount),), False))
    v = view_for(g, 0)
    d = v.decision
    assert d.kind == Kind.YES_NO and d.context["card"] == q03
    assert option_label(v, d, True) == "Leave it on the field in soul state"
    assert option_label(v, d, False) == "Let it go to the hand"


def test_a_card_in_soul_state_reads_as_one_on_the_field_and_in_the_card_pane():
    """001 (soul state): the field line shows no state, level, BP or OC (its Over Count does
    nothing there), the Card pane says what soul state means, and the Help's keyword pages
    explain contract cards, soul state and Over Count beside the card."""
    from bs_tui.engine.scenario import position, side
    from bs_tui.tui.glossary import keywords_of

    g = position(side(field=[{"card": "Q01", "cores": 1}]), side())
    q01 = g.players[0].field[0]
    g.field[q01].soul_state, g.field[q01].cores = True, 0
    g.players[0].reserve += 1  # its core went to the reserve
    g.players[0].count, g.players[0].void = 2, g.players[0].void - 2  # enough for its OC, as a spirit
    f = view_for(g, 1).sides[0].field[0]
    line = field_line(f).plain
    assert line.startswith("· R Pactbound Ember Wyver") and "soul state" in line and " OC" not in line
    assert not f.over_count and f.bp == 0
    detail = card_detail(f.card, f).plain
    assert "On the field in soul state: no level, BP or cores" in detail and "On the field: " not in detail
    assert [r.name for r in keywords_of(f.card)][:3] == ["Contract card", "Soul state", "Over Count (OC)"]


def test_a_contract_advented_spirit_lists_what_its_contract_source_gives_it():
    """001 (【契约煌临元】): the Card pane of a spirit that contract-advented lists the
    [Contract Advent Source] effects its contract card under it gives it."""
    from bs_tui.engine.scenario import position, side

    g = position(side(field=[{"card": "Q01", "cores": 1}], hand=["Q04"]), side())
    q01, q04 = g.players[0].field[0], g.players[0].hand[0]
    fc = g.field[q01]
    g.players[0].hand.remove(q04)
    fc.sources, fc.top = (q01,), q04
    g.refresh_defs(q01)
    f = view_for(g, 0).you.field[0]
    detail = card_detail(f.card, f).plain
    assert "Advent sources under it: Pactbound Ember Wyvern" in detail
    assert (
        "From Pactbound Ember Wyvern: [Contract Advent Source]/[Spirit] When blocks: This spirit gets BP +3000"
        in detail
    )


def test_a_block_option_warns_of_the_blockers_own_when_blocks_effect():
    """000 ch.1 §6.5-6.6 (the higher BP wins): the block option predicts by the BP as it
    stands, and says so when the blocker's own 'when blocks' effect may still change it
    (Pactbound Ember Wyvern as a spirit: BP +3000 when it blocks)."""
    from bs_tui.engine.scenario import position, side

    g = position(
        side(field=[{"card": "Q01", "cores": 1}, {"card": "R04", "cores": 1}]),
        side(field=[{"card": "R02", "cores": 4}]),
        active=1,
        step="attack",
    )
    drake = g.players[1].field[0]
    g.answer(("attack", drake))
    while g.decision.kind == Kind.FLASH:
        g.answer(("pass",))
    v = view_for(g, 0)
    labels = [option_label(v, v.decision, o) for o in v.decision.options if o[0] == "block"]
    assert any("Pactbound" in x and x.endswith("(before the blocker's own 'when blocks' effect)") for x in labels)
    assert any("Pactbound" not in x and not x.endswith("effect)") for x in labels)


async def test_the_card_pane_follows_a_field_card_as_it_changes():
    """The Card pane shows a field card as it is now: after the count reaches its Over Count
    (001) the pane that showed the Wyvern at BP 4000 says BP 7000 and Over Count met, with
    the focus back on the actions (found in the tmux trial: a rebirth left it stale)."""
    from bs_tui.tui.widgets.card_detail import CardDetail

    g = position(side(field=[{"card": "Q01", "cores": 1}], reserve=3), side(), step="main")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f")
        await pilot.pause()
        detail = app.table_screen.query_one("#detail", CardDetail)
        assert "BP 4000" in detail.plain
        app.table_screen.query_one("#actions").focus()
        await pilot.pause()
        g.players[0].count, g.players[0].void = 2, g.players[0].void - 2
        app.refresh_table()
        await pilot.pause()
        assert "BP 7000" in detail.plain and "Over Count met" in detail.plain
