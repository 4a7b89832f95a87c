"""The table driven by keys through Textual's Pilot: every answer goes through the
screen as a player would give it."""

from __future__ import annotations

import pytest
from conftest import cid_of, game_of, position, side
from pilot import settle

from bs_tui.agents import GreedyAgent
from bs_tui.engine import Kind
from bs_tui.engine.view import view_for
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import new_table
from bs_tui.tui.app import BattleApp
from bs_tui.tui.screens.allocation import AllocationScreen
from bs_tui.tui.screens.confirm import ConfirmScreen
from bs_tui.tui.screens.handover import HandoverScreen
from bs_tui.tui.widgets.field_pane import FieldPane
from bs_tui.tui.widgets.hand_pane import HandPane

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


def vs_ai(g) -> BattleApp:
    return BattleApp(LocalSeat(g, [None, GreedyAgent(0)]), ai_delay=0)


def hotseat(g) -> BattleApp:
    g.ask_every_flash = True  # as in every game with people
    return BattleApp(LocalSeat(g, [None, None], hotseat=True), ai_delay=0)


async def sit_down(pilot) -> None:
    """Player 1 takes the keyboard: the first decision of a hot-seat game is handed over."""
    await pilot.pause()
    assert isinstance(pilot.app.screen, HandoverScreen)
    await pilot.press("enter")
    await pilot.pause()


async def choose_action(pilot, app: BattleApp, answer) -> None:
    """Highlight `answer` in the Actions pane and press Enter."""
    d = game_of(app).decision
    assert d is not None and answer in d.options, (answer, d)
    await pilot.press("a")
    app.query_one("#actions").highlight_answer(d.options.index(answer))
    await pilot.press("enter")
    await pilot.pause()


async def test_summon_with_payment_by_keys():
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 1}], reserve=4), side())
    raptor = cid_of(g, 0, "hand", "R03")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await choose_action(pilot, app, ("summon", raptor))
        assert game_of(app).decision.kind == Kind.PAY_COST
        await pilot.press("c")  # the cores chosen by hand, from the default
        assert isinstance(app.screen, AllocationScreen)
        await pilot.press("minus", "minus", "enter")  # nothing paid: refused
        await pilot.pause()
        assert isinstance(app.screen, AllocationScreen)
        # said on the cores screen under the cores, not in a notice over its question (issue 19)
        assert "Pay exactly 2 core(s)" in str(app.screen.query_one("#alloc-note").render())
        assert not app.screen.query("Toast")
        await pilot.press("plus", "plus", "enter")  # 2 cores from the reserve
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PLACE_CORES
        await pilot.press("c", "plus", "enter")
        await settle(pilot, app)
        p = game_of(app).players[0]
        assert raptor in p.field
        assert p.trash_cores == 2
        assert "Blazefang Raptor" in "\n".join(game_of(app).log_lines(0))


async def test_cancelled_payment_restores_everything():
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 2}], reserve=4), side())
    raptor = cid_of(g, 0, "hand", "R03")
    before = (g.players[0].copy(), dict(g.field))
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await choose_action(pilot, app, ("summon", raptor))
        await pilot.press("c", "plus", "minus", "right")  # change the allocation, then leave it
        await pilot.press("escape")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PAY_COST  # back to the ready-made choices
        await pilot.press("e")  # cancel the summon
        await settle(pilot, app)
        game = game_of(app)
        assert game.decision.kind == Kind.MAIN_ACTION
        p = game.players[0]
        assert (p.hand, p.field, p.reserve, p.trash_cores) == (
            before[0].hand,
            before[0].field,
            before[0].reserve,
            before[0].trash_cores,
        )
        assert {k: v.cores for k, v in game.field.items()} == {k: v.cores for k, v in before[1].items()}


async def test_core_move_by_keys():
    g = position(side(field=[{"card": "R01", "cores": 1}, {"card": "R02", "cores": 1}], reserve=3), side())
    pup = cid_of(g, 0, "field", "R01")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, AllocationScreen)
        assert game_of(app).decision.kind == Kind.MOVE_CORES
        # rows: reserve, Cinder Pup, Flarewing Drake; two cores from the reserve onto the pup
        await pilot.press("down", "plus", "plus", "enter")
        await settle(pilot, app)
        assert game_of(app).field[pup].cores == 3
        assert game_of(app).players[0].reserve == 1


async def test_attack_not_blocked_reduces_life():
    g = position(side(field=[{"card": "R06", "cores": 3}]), side(), step="attack")
    colossus = cid_of(g, 0, "field", "R06")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f", "enter")  # Enter on the spirit in your field attacks with it
        await settle(pilot, app)
        assert game_of(app).players[1].life == 3  # two symbols
        assert "attacks with Pyre Colossus Dragon" in "\n".join(game_of(app).log_lines(0))
        assert colossus in game_of(app).players[0].field


async def test_attack_blocked_destroys_the_weaker():
    g = position(
        side(field=[{"card": "R01", "cores": 1}]),
        side(field=[{"card": "G12", "cores": 1}]),
        step="attack",
    )
    pup = cid_of(g, 0, "field", "R01")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await choose_action(pilot, app, ("attack", pup))
        await settle(pilot, app)
        game = game_of(app)
        assert pup in game.players[0].trash  # the AI blocked with the 3000 BP wolf
        assert game.players[1].life == 5


async def test_flash_window_in_which_both_players_act():
    g = position(
        side(hand=["R10"], field=[{"card": "R01", "cores": 1}], reserve=4),
        side(hand=["G10"], field=[{"card": "G01", "cores": 1}], reserve=4),
        step="attack",
    )
    pup = cid_of(g, 0, "field", "R01")
    app = hotseat(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await choose_action(pilot, app, ("attack", pup))
        # the defender acts first: hand over, then Binding Vines
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        vines = cid_of(game_of(app), 1, "hand", "G10")
        await choose_action(pilot, app, ("magic", vines))
        await pilot.press("d")  # default payment, confirmed
        await pilot.pause()
        # the attacker answers in the same window
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        await pilot.pause()
        roar = cid_of(game_of(app), 0, "hand", "R10")
        assert game_of(app).decision.kind == Kind.FLASH
        await choose_action(pilot, app, ("magic", roar))
        await pilot.press("d")
        await pilot.pause()
        log = "\n".join(game_of(app).log_lines())
        assert "uses Binding Vines" in log and "uses Dragon's Roar" in log


async def test_hotseat_handover_hides_the_hand():
    g = position(
        side(hand=["R09"], field=[{"card": "R01", "cores": 1}], reserve=4),
        side(hand=["G10", "G01"], field=[{"card": "G13", "cores": 1}], reserve=4),
        step="attack",
    )
    pup = cid_of(g, 0, "field", "R01")
    app = hotseat(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert app.query_one("#hand", HandPane).option_count == 1
        await choose_action(pilot, app, ("attack", pup))
        assert isinstance(app.screen, HandoverScreen)
        # nothing of either hand is on the screen while it is handed over
        assert app.query_one("#hand", HandPane).option_count == 0
        text = str(app.screen.query_one("#handover-text").render())
        assert "Player 2" in text and "Flame Burst" not in text
        await pilot.press("enter")
        await pilot.pause()
        hand = app.query_one("#hand", HandPane)
        names = [str(hand.get_option_at_index(i).prompt) for i in range(hand.option_count)]
        assert any("Binding Vines" in n for n in names)
        assert not any("Flame Burst" in n for n in names)


async def test_too_small_notice():
    app = BattleApp(new_table(seed=3)[0], ai_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("too-small")
        assert "80×24" in str(app.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.screen.has_class("too-small")


async def test_quit_asks_first():
    app = BattleApp(new_table(seed=3)[0], ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_value == 0


async def test_illegal_hand_card_explains_itself():
    g = position(side(hand=["R06"], reserve=3), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("h", "enter")
        await pilot.pause()
        aside = str(app.query_one("#aside").render())  # between the question and the options
        assert "costs 6 + 1 for Lv1" in aside and "you can pay 4" in aside, aside


async def test_braves_bursts_and_mirages_by_keys(db):
    """Braves, bursts and mirages are played from the table like everything else."""
    g = position(
        side(hand=["R16", "R19", "Y08"], field=[{"card": "R03", "cores": 2}], reserve=8),
        side(field=[{"card": "G01", "cores": 1}]),
    )
    brave = cid_of(g, 0, "hand", "R16")
    raptor = cid_of(g, 0, "field", "R03")
    burst = cid_of(g, 0, "hand", "R19")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await choose_action(pilot, app, ("set_burst", burst))
        assert game_of(app).players[0].burst == [burst]
        await choose_action(pilot, app, ("summon_braved", brave, raptor))
        assert game_of(app).decision.kind == Kind.PAY_COST
        await pilot.press("d")
        await settle(pilot, app)
        game = game_of(app)
        assert game.field[raptor].brave == brave
        # the field pane lists the brave under its spirit; the core area names your burst
        field = app.query_one("#my-field")
        lines = [str(field.get_option_at_index(i).prompt) for i in range(field.option_count)]
        assert "Blazefang Raptor" in lines[0] and "+B" in lines[0] and "Solar Lance Wyvern" in lines[1]
        assert lines[-1] == "▮ Burst, face down: Backdraft Volley"
        assert "Burst: Backdraft Volley" in str(app.query_one("#my-cores").render())
        # the opponent's view of the same burst area: a card back, no name (003 非公開情報)
        pane = FieldPane()
        pane.show(view_for(game, 1).opponent, -1, -1)
        theirs = [str(pane.get_option_at_index(i).prompt) for i in range(pane.option_count)]
        assert theirs[-1] == "▮ Burst set, face down" and not any("Backdraft" in x for x in theirs)


async def test_burst_activated_by_keys():
    """000 ch.2 §2: after the AI's attack reduces your life, the table asks whether to
    activate your burst; Enter says yes and the burst effect resolves."""
    g = position(
        side(burst="R19", reserve=0),
        side(field=[{"card": "R04", "cores": 1}, {"card": "R01", "cores": 1}]),
        active=1,
        step="attack",
    )
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        d = game_of(app).decision
        assert d.kind == Kind.YES_NO and "burst" in d.prompt.lower()
        await pilot.press("enter")  # "Yes" is highlighted first
        await settle(pilot, app)
        d = game_of(app).decision
        assert d.kind == Kind.CHOOSE_TARGETS  # both attackers have 4000 BP or less
        await pilot.press("enter")  # the first listed: the dragon
        await settle(pilot, app)
        log = "\n".join(game_of(app).log_lines(0))
        assert "activates the burst Backdraft Volley" in log
        assert "Crimson Lancer Dragon is destroyed" in log
