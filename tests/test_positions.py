"""Position files (`play --position`): checked completely before a game starts, each problem
named with file and line. The zones a card may be in follow 000 ch.2 (magic resolves and
goes to the trash, a burst is a card with a burst effect set face down, a brave is braved
only to a spirit meeting its condition, ch.2 §1); the cores follow ch.1 (one Soul Core)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzzing import run_main as run

from bs_tui.engine.model.state import CORES_PER_PLAYER, SOUL_LIFE
from bs_tui.engine.positions import MAX_ANSWERS, PositionError, blunder_from_toml, position_from_toml, read_position

ROOT = Path(__file__).resolve().parents[1]
FULL_BOARD = ROOT / "benchmarks" / "full_board.toml"

# A small legal position; the cases below change one line of it (line numbers matter).
GOOD = """\
active = 0
turn = 3
step = "main"
[[player]]
hand = ["R03"]
deck = ["R01", "R02"]
field = [{ card = "R04", cores = 2, soul = true }]
life = 5
reserve = 3
[[player]]
hand = ["G01"]
deck = ["G01", "G02"]
field = ["G01"]
life = 4
reserve = 2
"""


def write(tmp_path: Path, text: str, name: str = "pos.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def problems_of(tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    p = write(tmp_path, text)
    with pytest.raises(PositionError) as e:
        position_from_toml(p)
    return p, e.value.problems


def replace_line(n: int, new: str) -> str:
    lines = GOOD.splitlines()
    lines[n - 1] = new
    return "\n".join(lines) + "\n"


def test_the_good_position_plays(tmp_path: Path):
    g = position_from_toml(write(tmp_path, GOOD))
    assert g.decision is not None and g.decision.player == 0 and g.turn == 3
    assert g.players[1].life == 4 and len(g.players[1].field) == 1


def test_full_board_is_a_valid_position():
    g = position_from_toml(FULL_BOARD)
    assert g.turn == 9 and g.decision is not None


@pytest.mark.parametrize(
    ("line", "new", "expected"),
    [
        (8, "life = -2", "player 1 life must be a whole number from 0 to 40, not -2"),
        (8, "life = 0", "player 1 has no life: that game is already over"),
        (8, 'life = "five"', "player 1 life must be a whole number from 0 to 40, not 'five'"),
        (9, "reserve = 41", "player 1 reserve must be a whole number from 0 to 40, not 41"),
        (1, "active = -1", "active (the player to act: 0 or 1) must be a whole number from 0 to 1, not -1"),
        (1, "active = 2", "active (the player to act: 0 or 1) must be a whole number from 0 to 1, not 2"),
        (1, "active = true", "active (the player to act: 0 or 1) must be a whole number from 0 to 1, not true"),
        (2, "turn = 0", "turn must be a whole number from 1 to 10,000, not 0"),
        (3, 'step = "draw"', "step must be one of main, attack, not 'draw'"),
        (5, 'hand = "R03"', "player 1 hand must be a list of card ids, not 'R03'"),
        (5, "hand = [3]", "player 1 hand card 1 must be a card id (text), not 3"),
        (5, 'hand = ["R03", "ZZ99"]', "player 1 hand card 2: unknown card id 'ZZ99'"),
        (
            1,
            'colour = "red"',
            "position: unknown key 'colour' (known: active, turn, step, seed, player, answers, blunder)",
        ),
        (9, "mana = 2", "player 1: unknown key 'mana'"),
        (7, 'field = [{ card = "R04", cores = 2, soul = true, level = 2 }]', "player 1 field card 1: unknown key"),
        (7, 'field = [{ card = "R04", cores = "2", soul = true }]', "player 1 field card 1 cores must be"),
        (7, 'field = [{ card = "R04", cores = 2, soul = "yes" }]', "player 1 field card 1 soul must be true or"),
        (7, 'field = [{ card = "R04", cores = 2, soul = true, state = "asleep" }]', "field card 1 state must be"),
        (7, 'field = "R04"', "player 1 field must be a list of cards, not 'R04'"),
        (7, "field = [{ cores = 2, soul = true }]", "player 1 field card 1 has no card"),
    ],
)
def test_an_impossible_or_malformed_value_is_refused_at_its_line(tmp_path, line, new, expected):
    p, problems = problems_of(tmp_path, replace_line(line, new))
    assert any(x.startswith(f"{p}:{line}: ") and expected in x for x in problems), problems


def test_two_soul_cores_are_refused(tmp_path: Path):
    """000 ch.1: each player has exactly one Soul Core."""
    p, problems = problems_of(tmp_path, replace_line(9, 'reserve = 3\nsoul = "life"'))
    assert problems == [
        f"{p}:10: player 1 has two Soul Cores: soul = 'life' and a field card with soul = true; a player has one"
    ]
    text = replace_line(7, 'field = [{ card = "R04", cores = 2, soul = true }, { card = "R01", soul = true }]')
    p, problems = problems_of(tmp_path, text)
    assert problems == [f"{p}:7: player 1 has 2 Soul Cores on the field; a player has one"]
    p, problems = problems_of(tmp_path, replace_line(9, 'reserve = 3\nsoul = "field"').replace("soul = true", ""))
    assert any(x.startswith(f"{p}:10: ") and "no field card has soul = true" in x for x in problems), problems


def test_a_magic_on_the_field_is_refused(tmp_path: Path):
    """000 ch.2: a magic resolves and goes to the trash; it never stays on the field."""
    p, problems = problems_of(tmp_path, replace_line(13, 'field = ["G01", { card = "G09", cores = 1 }]'))
    assert problems == [
        f"{p}:13: player 2 field card 2: G09 (Overgrowth) is a magic; a magic is never left on the field"
    ]


def test_only_a_card_with_a_burst_effect_is_set_as_a_burst(tmp_path: Path):
    """000 ch.2 §2: a burst is a card with a burst effect, set face down."""
    p, problems = problems_of(tmp_path, replace_line(9, 'reserve = 3\nburst = "R01"'))
    assert problems == [f"{p}:10: player 1 burst: R01 (Cinder Pup) has no burst effect, so it cannot be set as a burst"]
    g = position_from_toml(write(tmp_path, replace_line(9, 'reserve = 3\nburst = "R19"'), "ok.toml"))
    assert [g.static.defs[c].id for c in g.players[0].burst] == ["R19"]


def test_only_a_mirage_is_set_as_a_mirage(tmp_path: Path):
    p, problems = problems_of(tmp_path, replace_line(9, 'reserve = 3\nmirage = "R01"'))
    assert problems == [f"{p}:10: player 1 mirage: R01 (Cinder Pup) is not a mirage, so it cannot be set as one"]


def test_a_brave_only_on_a_spirit_it_can_brave(tmp_path: Path):
    """000 ch.2 §1: R16 braves only to a spirit of cost 3 or more."""
    p, problems = problems_of(tmp_path, replace_line(13, 'field = [{ card = "G01", brave = "G15" }]'))
    assert problems == [f"{p}:13: player 2 field card 1: G15 (Verdant Horncrest) cannot be braved to G01 (Moss Beetle)"]
    p, problems = problems_of(tmp_path, replace_line(13, 'field = [{ card = "G01", brave = "G02" }]'))
    assert any(x.startswith(f"{p}:13: ") and "is a spirit, not a brave" in x for x in problems), problems
    text = replace_line(7, 'field = [{ card = "R04", cores = 2, soul = true, brave = "R16" }]')
    g = position_from_toml(write(tmp_path, text, "ok.toml"))
    host, brave = g.players[0].field
    assert g.field[brave].host == host and g.field[host].brave == brave


def test_three_players_or_one_are_refused(tmp_path: Path):
    p, problems = problems_of(tmp_path, GOOD + "[[player]]\nhand = []\n")
    assert problems == [f"{p}:16: a position has exactly two players ([[player]] twice), not 3"]
    p, problems = problems_of(tmp_path, GOOD.split('[[player]]\nhand = ["G01"]')[0])
    assert problems == [f"{p}:4: a position has exactly two players ([[player]] twice), not 1"]
    p, problems = problems_of(tmp_path, "active = 1\n")
    assert problems == [f"{p}: a position has exactly two players ([[player]] twice), not 0"]


def test_turn_one_has_no_attack_step(tmp_path: Path):
    p, problems = problems_of(tmp_path, GOOD.replace("turn = 3", "turn = 1").replace('"main"', '"attack"'))
    assert problems == [f"{p}:3: turn 1 has no Attack Step (the first player skips it)"]


def test_cores_must_come_out_of_the_supply(tmp_path: Path):
    text = replace_line(7, 'field = [{ card = "R04", cores = 35, soul = true }]')
    p, problems = problems_of(tmp_path, text)
    assert problems == [f"{p}:4: player 1 has 43 plain cores; at most {CORES_PER_PLAYER} (besides the Soul Core)"]


def test_a_spirit_below_level_one_is_refused(tmp_path: Path):
    p, problems = problems_of(tmp_path, replace_line(13, 'field = [{ card = "G01", cores = 0 }]'))
    assert problems == [
        f"{p}:13: player 2 field card 1: G01 (Moss Beetle) needs 1 core for Lv1; with 0 it would be depleted"
    ]


def test_every_problem_is_reported_at_once_each_with_its_line(tmp_path: Path):
    text = GOOD.replace("active = 0", "active = -1").replace("life = 4", "life = -1").replace('"G02"', '"NOPE"')
    p, problems = problems_of(tmp_path, text)
    assert [x.split(": ", 1)[0] for x in problems] == [f"{p}:1", f"{p}:12", f"{p}:14"]


def test_the_soul_core_in_life_counts_as_life(tmp_path: Path):
    text = replace_line(8, 'life = 0\nsoul = "life"').replace("soul = true", "")
    g = position_from_toml(write(tmp_path, text))
    assert g.players[0].soul == SOUL_LIFE and g.players[0].life_total == 1


@pytest.mark.parametrize(
    "text",
    [
        "player = 3\n",
        "[player]\nhand = []\n",
        "player = [1, 2]\n",
        'player = ["a", "b"]\n',
        "[[player]]\nfield = [[1]]\n[[player]]\n",
        "[[player]]\nfield = [7]\n[[player]]\n",
        "[[player]]\nburst = 5\n[[player]]\n",
        "[[player]]\nsoul = 1\n[[player]]\n",
        "[[player]]\n[player.hand]\nx = 1\n[[player]]\n",
        "seed = -4\n[[player]]\n[[player]]\n",
        "seed = 1.5\n[[player]]\n[[player]]\n",
        "turn = 1979-05-27\n[[player]]\n[[player]]\n",
    ],
)
def test_wrong_types_are_problems_never_exceptions(tmp_path, text):
    p, problems = problems_of(tmp_path, text)
    assert problems and all(x.startswith(f"{p}") for x in problems)


def test_unreadable_files_are_one_line(tmp_path: Path):
    for path, problem in (
        (tmp_path / "missing.toml", "no such file"),
        (tmp_path, "is a folder, not a file"),
        (Path("/dev/zero"), "is a device, not a regular file"),
    ):
        with pytest.raises(PositionError) as e:
            read_position(path)
        assert e.value.problems == [f"{path}: {problem}"]
    p = write(tmp_path, "active = [" * 100 + "\n")
    with pytest.raises(PositionError) as e:
        read_position(p)
    assert e.value.problems == [f"{p}:1: nested more than 32 deep"]


def test_a_position_error_is_a_value_error():
    """The table catches ValueError when a game cannot start."""
    assert issubclass(PositionError, ValueError)


def test_play_with_a_bad_position_is_one_line_per_problem_and_exit_2(tmp_path: Path):
    p = write(tmp_path, GOOD.replace("active = 0", "active = -1").replace("life = 4", "life = -1"))
    code, out, err = run("play", "--position", str(p))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"{p}:1: active (the player to act: 0 or 1) must be a whole number from 0 to 1, not -1",
        f"{p}:14: player 2 life must be a whole number from 0 to 40, not -1",
    ]


def test_position_check_says_ok_or_lists_problems(tmp_path: Path):
    code, out, err = run("position", "check", str(FULL_BOARD))
    assert code == 0 and err == "" and out.startswith(f"{FULL_BOARD}: ok (turn 9")
    bad = write(tmp_path, GOOD.replace('hand = ["R03"]', 'hand = ["R03", "Q"]'))
    code, out, _ = run("position", "check", str(FULL_BOARD), str(bad))
    assert code == 2 and out.splitlines()[1] == f"{bad}:5: player 1 hand card 2: unknown card id 'Q'"


# GOOD with answers: Player 1 ends the Main Step and attacks with Crimson Lancer Dragon (id 3),
# so that Player 2's BLOCK decision is pending (Canopy Stag, in place of Moss Beetle, is id 7).
ANSWERED = (
    GOOD.replace('step = "main"\n', 'step = "main"\nanswers = [\n  ["end"],\n  ["attack", 3],\n]\n')
    + '[blunder]\nabout = "take or block"\nrule = "000 ch.1 §6.3"\nwrong = [["take"]]\n'
).replace('field = ["G01"]', 'field = ["G04"]')


def test_answers_lead_to_the_decision_of_interest(tmp_path: Path):
    g, b = blunder_from_toml(write(tmp_path, ANSWERED))
    d = g.decision
    assert d is not None and d.player == 1 and d.kind == "block" and g.battle.attacker == 3
    assert b.about == "take or block" and b.rule == "000 ch.1 §6.3" and b.wrong == (("take",),) and b.right == ()
    assert position_from_toml(write(tmp_path, ANSWERED, "again.toml")).state_key() == g.state_key()


def test_a_position_without_a_blunder_table_is_no_blunder(tmp_path: Path):
    p = write(tmp_path, GOOD)
    with pytest.raises(PositionError) as e:
        blunder_from_toml(p)
    assert e.value.problems == [f"{p}: no [blunder] table: this position names no blunder"]


@pytest.mark.parametrize(
    ("old", "new", "line", "expected"),
    [
        ('  ["attack", 3],', '  ["attack", 4],', 6, "answer 2: ('attack', 4) is not an answer to Player 1's attack"),
        ('  ["end"],', "  [],", 5, "answer 1: () is not an answer to Player 1's main_action decision (its options:"),
        ('  ["end"],', "  1.5,", 5, "answer 1 must be text, true/false, a whole number or an array of these, not 1.5"),
        ('  ["end"],', "  [{ a = 1 }],", 5, "answer 1 must be text, true/false, a whole number or an array of these"),
        ("answers = [", 'answers = "end"\nx = [', 4, "answer must be an array of answers, not 'end'"),
        ('wrong = [["take"]]', 'wrong = [["block", 3]]', 23, "blunder wrong answer 1: ('block', 3) is not an answer"),
        ('wrong = [["take"]]', 'right = [["take"]]\nwrong = [["take"]]', 23, "blunder: ('take',) is both wrong"),
        ('wrong = [["take"]]', "wrong = []", 20, "blunder names no wrong answer and no right one"),
        ('wrong = [["take"]]', 'wrong = [["take"]]\nweight = 2', 24, "blunder: unknown key 'weight' (known: about,"),
        ('about = "take or block"', "about = 3", 21, "blunder about must be one line of text (1 to 300 characters)"),
        ('rule = "000 ch.1 §6.3"\n', "", 20, "blunder rule must be one line of text (1 to 300 characters): the"),
        (
            "[blunder]\nabout",
            "blunder = 3\n[other]\nabout",
            20,
            "blunder is the position's: it belongs above the first [[player]] line",
        ),
    ],
)
def test_bad_answers_and_blunders_are_problems_at_their_line(tmp_path, old, new, line, expected):
    assert old in ANSWERED
    p, problems = problems_of(tmp_path, ANSWERED.replace(old, new, 1))
    assert any(x.startswith(f"{p}:{line}: ") and expected in x for x in problems), problems


def test_a_blunder_is_a_table(tmp_path: Path):
    p, problems = problems_of(tmp_path, "blunder = 3\n" + GOOD)
    assert problems == [f"{p}:1: blunder must be a table ([blunder]), not 3"]


def test_an_answer_after_the_game_ended_is_a_problem(tmp_path: Path):
    """Crimson Lancer Dragon destroys the only blocker when it attacks, and the hit takes the
    last life (000 ch.1 §6.5): nothing is left to answer."""
    text = (
        ANSWERED.replace('"G04"', '"G01"')
        .replace("life = 4", "life = 1")
        .replace('["attack", 3],', '["attack", 3],\n  ["take"],')
    )
    p, problems = problems_of(tmp_path, text)
    assert problems == [
        f"{p}:7: answer 3: ('take',) comes after the last decision: the game is over (Player 2's life is 0)"
    ]
    p, problems = problems_of(tmp_path, text.replace('  ["take"],\n', ""))
    assert problems == [
        f"{p}:20: blunder: no decision to test after the answers: the game is over (Player 2's life is 0)"
    ]


def test_a_refused_allocation_is_a_problem_and_the_answers_are_bounded(tmp_path: Path):
    text = GOOD.replace(
        'step = "main"\n', 'step = "main"\nanswers = [["summon", 2], ["pay", [["reserve", 9]], false]]\n'
    )
    p, problems = problems_of(tmp_path, text)
    assert len(problems) == 1 and problems[0].startswith(f"{p}:4: answer 2: Player 1's pay_cost decision refuses ")
    many = ", ".join(['"x"'] * (MAX_ANSWERS + 1))
    text = GOOD.replace('step = "main"\n', f'step = "main"\nanswers = [{many}]\n')
    p, problems = problems_of(tmp_path, text)
    assert problems == [f"{p}:4: answer holds {MAX_ANSWERS + 1:,} answers; at most {MAX_ANSWERS}"]
