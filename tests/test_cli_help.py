"""The command line reads like a well-made CLI: every command's --help has a description
and every option's help text, nothing is wider than 80 columns, `bs-tui decks` lists the
shipped decks with their colours and sizes, and `--name` takes only a name that can be
shown at the table (issue 9)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest
from fuzzing import run_main

from bs_tui import __version__
from bs_tui.cli_args import DEFAULT_DECKS, MAX_NAME, build_parser
from bs_tui.engine.data.cards import COLOURS, load_cards
from bs_tui.engine.data.decks import load_deck, shipped_decks


@pytest.fixture(autouse=True)
def tables(monkeypatch) -> list[argparse.Namespace]:
    """The arguments each table would have started with: no test here starts one."""
    started: list[argparse.Namespace] = []
    monkeypatch.setattr("bs_tui.tui.run.run_app", lambda args: started.append(args) or 0)
    return started


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command and subcommand, as (the words that name it, its parser)."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


COMMANDS = [path for path, _ in commands(build_parser())]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "bs-tui")
def test_every_help_has_a_description_and_each_option_with_its_help(path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    parser = dict(commands(build_parser()))[path]
    code, out, err = run_main(*path, "--help")
    assert code == 0 and err == ""
    assert out.startswith(f"usage: bs-tui{''.join(' ' + w for w in path)} ")
    assert parser.description and flat(parser.description) in flat(out)
    formatter = parser._get_formatter()
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:  # each command listed with its summary
                assert choice.help and f"{choice.dest} {flat(choice.help)}" in flat(out)
            continue
        assert action.help, f"{' '.join(path)}: {action.dest} has no help"
        names = action.option_strings or [action.metavar or action.dest]
        assert all(n in out for n in names), names
        assert flat(formatter._expand_help(action)) in flat(out), action.dest
    assert all(len(line) <= 80 for line in out.splitlines()), [line for line in out.splitlines() if len(line) > 80]


@pytest.mark.parametrize("path", [p for p in COMMANDS if len(p) == 1 and p[0] not in ("saves", "decks")])
def test_commands_that_take_arguments_show_examples(path):
    code, out, _ = run_main(*path, "--help")
    assert code == 0
    examples = out.split("\nexamples:\n", 1)[1].splitlines()
    assert examples and all(e.startswith("  bs-tui ") for e in examples if e.strip())


def test_the_top_help_lists_every_command_and_examples():
    code, out, _ = run_main("--help")
    assert code == 0
    listed = {p[0] for p in COMMANDS if len(p) == 1}
    assert {"play", "decks", "saves", "resume", "replay", "cards", "deck", "position", "selfplay"} <= listed
    section = out.split("\ncommands:\n", 1)[1].split("\nexamples:\n", 1)[0]
    assert all(f"    {name} " in section for name in listed)
    assert "  bs-tui --name Ada " in out and "? or F1" in out


def test_version():
    assert run_main("--version") == (0, f"bs-tui {__version__}\n", "")


def test_decks_lists_every_shipped_deck_with_its_colours_and_size():
    code, out, err = run_main("decks")
    assert code == 0 and err == ""
    db = load_cards()
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and not line.startswith("    ")}
    assert sorted(rows) == sorted(p.stem for p in shipped_decks()) and len(rows) >= 8
    for path in shipped_decks():
        deck = load_deck(path.stem)
        count = {c: sum(n for cid, n in deck.cards if c in db[cid].colours) for c in COLOURS}
        colours = sorted((c for c in COLOURS if count[c]), key=lambda c: -count[c])
        row = rows[path.stem]
        # its main colours (the first three, and how many more beyond them)
        shown = ", ".join(colours[:3]) + (f" +{len(colours) - 3}" if len(colours) > 3 else "")
        assert f"  {deck.name}  " in row and f"  {shown}  " in row and f"  {deck.size} cards" in row
    for n, default in enumerate(DEFAULT_DECKS, 1):  # said on the line under it
        assert out.split(rows[default] + "\n", 1)[1].startswith(f"    The default --deck{n}. ")
    assert all(len(line) <= 80 for line in out.splitlines())
    # what a deck plays like, from the comment at the top of its file
    about = shipped_decks()[0].read_text(encoding="utf-8").splitlines()[0].lstrip("# ")
    assert flat(about) in flat(out)


def test_decks_says_which_shipped_deck_is_broken(tmp_path, monkeypatch):
    import bs_tui.engine.data.decks as decks

    good = shipped_decks()[0]
    (tmp_path / good.name).write_bytes(good.read_bytes())
    (tmp_path / "broken.toml").write_text('name = "Broken"\n[cards]\nR01 = 9\n', encoding="utf-8")
    monkeypatch.setattr(decks, "DECKS_DIR", tmp_path)
    code, out, _ = run_main("decks")
    assert code == 2
    assert f"  {good.stem}  " in out
    assert "  broken  unusable:" in out and f"{tmp_path / 'broken.toml'}:3: 9 copies of" in out


@pytest.mark.parametrize("colour", ["pink", "", "redd", "Red"])
def test_an_unknown_colour_is_exit_2_naming_every_colour(colour):
    for option in ("--color", "--colour"):
        code, out, err = run_main("cards", "list", option, colour)
        assert code == 2 and out == "" and "Traceback" not in err
        assert f"argument {option}: invalid choice: {colour!r}" in err
        assert all(repr(c) in err for c in COLOURS)


def test_a_colour_lists_only_the_cards_of_that_colour():
    import re

    code, out, _ = run_main("cards", "list", "--color", "blue")
    db = load_cards()
    ids = [re.search(r"\((\w+)\)", line).group(1) for line in out.splitlines()]
    assert code == 0 and sorted(ids) == sorted(c.id for c in db.cards.values() if "blue" in c.colours)
    assert run_main("cards", "list", "--colour", "blue")[1] == out


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["play", "--name", "Ada"], "Ada"),
        (["--name", "Ada", "play"], "Ada"),
        (["--name", "Ada", "play", "--name", "Bo"], "Bo"),
        (["--name", "  Ada Lovelace  "], "Ada Lovelace"),
        (["--name", "x" * MAX_NAME], "x" * MAX_NAME),
        (["--name", "千早"], "千早"),
        (["play"], None),
        ([], None),
    ],
)
def test_name_is_parsed_for_play_and_the_bare_command(argv, name):
    assert build_parser().parse_args(argv).name_override == name


@pytest.mark.parametrize("argv", [["play", "--name", "Ada"], ["--name", "Ada", "play"], ["--name", "Ada"]])
def test_the_table_gets_the_name(argv, tables):
    """The bare command parses `play` again; the name given before it is kept."""
    assert run_main(*argv)[0] == 0
    assert len(tables) == 1 and tables[0].name_override == "Ada" and tables[0].command == "play"
    assert getattr(tables[0], "bare", False) == (argv == ["--name", "Ada"])


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "a name needs at least one character"),
        ("   ", "a name needs at least one character"),
        ("x" * (MAX_NAME + 1), f"a name has at most {MAX_NAME} characters, not {MAX_NAME + 1}"),
        ("Ada\x1b[31m", "a name cannot hold control characters"),
        ("Ada\nBo", "a name cannot hold control characters"),
        ("Ada\tBo", "a name cannot hold control characters"),
        ("Ada\u202eoB", "a name cannot hold control characters"),  # a right-to-left override
        ("Ada\u00a0Bo", "a name cannot hold control characters"),  # a space that is not one
    ],
)
def test_a_bad_name_is_exit_2_with_one_clean_line(name, said, tables):
    for argv in (["--name", name], ["play", "--name", name]):
        code, out, err = run_main(*argv)
        assert code == 2 and out == ""
        last = err.splitlines()[-1]
        assert f"argument --name: {said}" in last
        assert last.isprintable() and "\x1b" not in err
    assert tables == []


@pytest.mark.parametrize("command", [["saves"], ["decks"], ["cards", "list"], ["resume", "--headless"]])
def test_name_with_a_command_that_does_not_play_is_an_error(command):
    code, out, err = run_main("--name", "Ada", *command)
    assert code == 2 and out == ""
    assert "--name is for playing" in err
