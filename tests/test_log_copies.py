"""The log names copies as the table's pickers do (issue 19): a field card beside another of
its name on the same field is "Name #k", k its place among them in that field's order, so
that a player can match a log line to the card on the screen (`Game.card_name`, carried by
the view to the table's labels)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, pay, place, position, side

from bs_tui.engine import Game
from bs_tui.engine.view import view_for
from bs_tui.tui.labels import option_label

SALAMANDER = "Warcry Salamander"  # R17


def two_salamanders(quiet: bool = False) -> Game:
    """Player 1 summons Gloomwing Bat (P02: "When summoned: Move 1 core from 1 opposing
    spirit to its owner's reserve") facing two Warcry Salamanders of one core each."""
    g = position(
        side(hand=["P02"], reserve=3),
        side(field=[{"card": "R17", "cores": 1}, {"card": "R17", "cores": 1}], reserve=0),
    )
    g.quiet = quiet
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "P02")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.CHOOSE_TARGETS)
    return g


def test_the_log_names_the_copy_the_picker_names() -> None:
    g = two_salamanders()
    first, second = cid_of(g, 1, "field", "R17"), cid_of(g, 1, "field", "R17", 1)
    assert g.players[1].field == [first, second]
    v = view_for(g, 0)
    d = v.decision
    labels = {o[0]: option_label(v, d, o) for o in d.options}
    assert labels[first].startswith(f"{SALAMANDER} #1 (BP 3000, ")
    assert labels[second].startswith(f"{SALAMANDER} #2 (BP 3000, ")
    assert [f.name for f in v.opponent.field] == [f"{SALAMANDER} #1", f"{SALAMANDER} #2"]
    assert [g.card_name(first), g.card_name(second)] == [f"{SALAMANDER} #1", f"{SALAMANDER} #2"]
    before = len(g.log_lines())
    g.answer((second,))
    new = g.log_lines()[before:]
    assert f"{SALAMANDER} #2 has too few cores and is depleted." in new, new
    assert not any(f"{SALAMANDER} #1" in line for line in new), new
    assert f"{SALAMANDER} goes to the trash." in new, new  # off the field: its name alone
    # one left on the field: its name alone, in the log and in the view
    assert g.players[1].field == [first] and g.card_name(first) == SALAMANDER
    assert view_for(g, 1).you.field[0].name == SALAMANDER


def test_a_card_alone_of_its_name_and_cards_off_the_field_are_not_numbered() -> None:
    g = two_salamanders()
    bat = cid_of(g, 0, "field", "P02")
    assert g.card_name(bat) == "Gloomwing Bat" and view_for(g, 1).opponent.field[0].name == "Gloomwing Bat"
    g.players[1].hand.append(g.players[1].deck.pop())
    assert g.card_name(g.players[1].hand[-1]) == g.defs[g.players[1].hand[-1]].name


def test_the_copy_numbers_are_words_only() -> None:
    """The numbers are in the words of the log, never in the game: a quiet game (nobody
    reads its log) runs to the same state as a loud one."""
    loud, quiet = two_salamanders(), two_salamanders(quiet=True)
    for g in (loud, quiet):
        g.answer((cid_of(g, 1, "field", "R17", 1),))
    assert loud.state_hash() == quiet.state_hash() and loud.log_len == quiet.log_len


def test_the_field_pane_names_the_copy_the_log_and_picker_name() -> None:
    """The field lines say "#1"/"#2" too, so the card a log line names is found on the field
    (found in the tmux trial: options said "Cinder Pup #2", the field showed two "Cinder Pup")."""
    from bs_tui.tui.cardlines import field_line

    g = two_salamanders()
    v = view_for(g, 0)
    lines = [field_line(f).plain for f in v.sides[1].field]
    assert [f"{SALAMANDER} #1" in lines[0], f"{SALAMANDER} #2" in lines[1]] == [True, True], lines
    narrow = [field_line(f, name_width=12).plain for f in v.sides[1].field]
    assert "#1" in narrow[0] and "#2" in narrow[1], narrow  # a cut name keeps its number


def test_a_target_shows_its_cores() -> None:
    """Found in the tmux trial: a core-removing effect's targets did not show their cores,
    which decide whether the target is depleted."""
    g = two_salamanders()
    v = view_for(g, 0)
    d = v.decision
    labels = [option_label(v, d, o) for o in d.options]
    assert any(label == f"{SALAMANDER} #2 (BP 3000, 1 core, Player 2's)" for label in labels), labels


def test_a_clash_block_does_not_offer_a_hit_it_cannot_take() -> None:
    """Found in the tmux trial: "Taking the hit costs you 1 life (5 → 4). Clash: you must
    block…" with only blocks to choose. Under Clash (R17, Warcry Salamander) the prompt says
    what attacks and that a block is a must, no cost of a hit that cannot be taken."""
    from bs_tui.tui.labels import decision_header

    g = position(side(field=[{"card": "R01", "cores": 1}]), side(field=[{"card": "R17", "cores": 2}]), active=1)
    while g.decision.player == 1:  # the AI's side, scripted: attack with the Salamander
        d = g.decision
        steps = {Kind.MAIN_ACTION: ("end",), Kind.ATTACK: ("attack", cid_of(g, 1, "field", "R17"))}
        g.answer(steps.get(d.kind, d.options[0] if d.options else None))
    v = view_for(g, 0)
    assert v.decision.kind == Kind.BLOCK and ("take",) not in v.decision.options
    text = decision_header(v, v.decision).plain
    assert "Clash: you must block" in text and "Taking the hit" not in text, text


def test_the_sealed_soul_core_question_says_what_follows() -> None:
    """Found in the tmux trial: "You lose 1 life: is your sealed Soul Core among the cores
    that leave?" said nothing of what follows (Q&A 灵魂晶核 A3: its owner chooses). Each
    answer now says the life left and where the Soul Core ends up."""
    g = position(side(life=3, soul="life"), side(field=[{"card": "R01", "cores": 1}]), active=1)
    assert view_for(g, 0).you.life == 4  # three cores and the sealed Soul Core
    while g.decision.player == 1 or g.decision.kind != Kind.CHOOSE_CORE:
        d = g.decision
        steps = {Kind.MAIN_ACTION: ("end",), Kind.ATTACK: ("attack", cid_of(g, 1, "field", "R01"))}
        g.answer(steps.get(d.kind, ("take",) if d.kind == Kind.BLOCK else d.options[0] if d.options else None))
    v = view_for(g, 0)
    labels = {o: option_label(v, v.decision, o) for o in v.decision.options}
    assert labels["core"] == "Move plain cores only: 2+◆ life left, the Soul Core stays sealed", labels
    assert labels["soul"] == "Move the Soul Core among them: 3 life left, the Soul Core to your reserve", labels
    g.answer("soul")
    assert view_for(g, 0).you.life == 3 and view_for(g, 0).you.soul == "reserve"  # as the label said
