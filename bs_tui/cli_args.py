"""The `bs-tui` command line's arguments: every option with its help, each command with a
description and examples, and every value checked as it is parsed (argparse errors,
exit 2, the user's words stripped of control characters)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

from bs_tui import __version__
from bs_tui.files import printable

MAX_GAMES = 1_000_000
MAX_SEED = 2**64 - 1
MAX_NAME = 24  # characters of a player's name (as the settings allow)
DEFAULT_DECKS = ("crimson_dawn", "verdant_tide")


class Parser(argparse.ArgumentParser):
    """argparse, with the user's words in its errors stripped of control characters."""

    def error(self, message: str):  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, printable(f"{self.prog}: error: {message}") + "\n")


def _whole(low: int, high: int):
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {text[:40]}")
        return n

    return parse


def _path(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("an empty path")
    return text


def _save_dir(text: str) -> str:
    _path(text)
    if os.path.lexists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} exists and is not a folder")
    for parent in Path(text).absolute().parents:  # the nearest folder above that exists
        if os.path.lexists(parent):
            if not os.path.isdir(parent):
                raise argparse.ArgumentTypeError(f"{text!r}: {str(parent)!r} is not a folder")
            break
    return text


def _agents(text: str) -> str:
    from bs_tui.agents import AGENTS

    names = [a.strip() for a in text.split(",")]
    if len(names) != 2:
        raise argparse.ArgumentTypeError(f"takes two agent names like random,greedy, not {text[:40]!r}")
    for n in names:
        if n not in AGENTS:
            raise argparse.ArgumentTypeError(f"unknown agent {n[:40]!r}; known: {', '.join(AGENTS)}")
    return ",".join(names)


AI_BUDGET_HELP = "seconds the hard AI may think over one decision, the normal AI an eighth of it (default: 1)"


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"is a number of seconds, not {text[:40]!r}") from None
    if not 0 < value <= 60:  # nan fails both
        raise argparse.ArgumentTypeError(f"is more than 0 and at most 60 seconds, not {text[:40]!r}")
    return value


def _player_name(text: str) -> str:
    """A name for the table: 1 to MAX_NAME printable characters, spaces around it dropped."""
    name = text.strip()
    if not name:
        raise argparse.ArgumentTypeError("a name needs at least one character")
    if not name.isprintable():  # control characters, and invisible ones that pass for spaces
        raise argparse.ArgumentTypeError(f"a name cannot hold control characters ({printable(name)[:40]!r})")
    if len(name) > MAX_NAME:
        raise argparse.ArgumentTypeError(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    return name


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and examples as written (each is wrapped by hand to 79 columns); option
    help wrapped, with room for the option names."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=28, width=min(100, shutil.get_terminal_size().columns - 2))

    def _split_lines(self, text: str, width: int) -> list[str]:
        # never `bs-` at the end of one line and `tui` at the start of the next
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def _command(sub: Any, name: str, summary: str, description: str, examples: str = "") -> argparse.ArgumentParser:
    """A subcommand: `summary` in the list of commands, `description` and `examples` in
    its own --help."""
    epilog = "examples:\n" + examples.strip("\n") if examples else None
    return sub.add_parser(
        name, help=summary, description=description.strip(), epilog=epilog, formatter_class=HelpFormatter
    )


SAVE_DIR_HELP = "the folder of saves (default: $BS_TUI_SAVES, else the folder `bs-tui saves` names)"
NAME_HELP = (
    f"your name at the table, 1 to {MAX_NAME} characters (default: the name in your settings, else your login name)"
)

TOP_EXAMPLES = """
examples:
  bs-tui                        play the AI, or go on with a game left off
  bs-tui --name Ada             the same, called Ada at the table
  bs-tui play --hotseat         two people at one terminal
  bs-tui play --deck1 wildfire  another deck; `bs-tui decks` lists them
  bs-tui saves                  your saved games
  bs-tui replay NAME            step through a saved game
  bs-tui cards show R01         a card as a player reads it

In a game, ? or F1 shows every key.
"""


def build_parser() -> argparse.ArgumentParser:
    from bs_tui.engine.data.cards import COLOURS

    ap = Parser(
        prog="bs-tui",
        description=(
            "Battle Spirits in the terminal: play the trading card game against the AI or\n"
            "hot-seat against a friend. Games are saved as they are played."
        ),
        epilog=TOP_EXAMPLES.strip("\n"),
        formatter_class=HelpFormatter,
    )
    ap.add_argument("--version", action="version", version=f"bs-tui {__version__}", help="print the version and exit")
    ap.add_argument("--name", dest="name_override", type=_player_name, default=None, metavar="NAME", help=NAME_HELP)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    seed_help = (
        "the game's seed, a whole number from 0 to 2**64-1: the same seed deals the same game (default: a new one)"
    )
    deck_help = "a shipped deck's name (see `bs-tui decks`) or a deck file (default: %(default)s)"

    play = _command(
        sub,
        "play",
        "play a game (the default command)",
        """
Play a game at the table: you against the AI, or two people at one terminal.
The game is saved after every decision; `bs-tui resume` goes on with it.""",
        """
  bs-tui play                             against the AI, with the default decks
  bs-tui play --deck1 wildfire --seed 42  another deck, and a deal to play again
  bs-tui play --hotseat --name Ada --name2 Bo   two people at one terminal
  bs-tui play --ai hard                   the AI that searches longest
  bs-tui play --position benchmarks/full_board.toml""",
    )
    play.add_argument("--hotseat", action="store_true", help="two people at one terminal, handing it over in turn")
    play.add_argument(
        "--deck1", default=DEFAULT_DECKS[0], type=_path, metavar="DECK", help="player 1's deck: " + deck_help
    )
    play.add_argument(
        "--deck2", default=DEFAULT_DECKS[1], type=_path, metavar="DECK", help="player 2's deck: " + deck_help
    )
    play.add_argument("--seed", type=_whole(0, MAX_SEED), default=None, metavar="SEED", help=seed_help)
    play.add_argument(
        "--position",
        default=None,
        type=_path,
        metavar="FILE",
        help="start from a position file, a practice puzzle (not saved; see `bs-tui position check`)",
    )
    # SUPPRESS: `bs-tui --name X play` keeps the name given before the command
    play.add_argument(
        "--name", dest="name_override", type=_player_name, default=argparse.SUPPRESS, metavar="NAME", help=NAME_HELP
    )
    play.add_argument(
        "--name2",
        dest="name2_override",
        type=_player_name,
        default=None,
        metavar="NAME",
        help="the second player's name in hot-seat (default: the one in your settings, else Player 2)",
    )
    play.add_argument("--save-dir", default=None, type=_save_dir, metavar="FOLDER", help=SAVE_DIR_HELP)
    play.add_argument(
        "--ai",
        choices=("easy", "normal", "hard"),
        default=None,
        help="the AI's level: easy plays by simple rules, normal and hard search (default: the settings', normal)",
    )
    play.add_argument("--ai-budget", type=_seconds, default=None, metavar="SECONDS", help=AI_BUDGET_HELP)

    sp = _command(
        sub,
        "selfplay",
        "agents play whole games headless, checking the rules' invariants",
        """
Agents play complete games with no screen, every decision checked against the
invariants (cards and cores conserved, no negative counts, levels that match the
cores). Prints one line of JSON figures; exit 1 if a game broke an invariant.""",
        """
  bs-tui selfplay --games 1000 --seed 7
  bs-tui selfplay --agents greedy,random --no-check""",
    )
    sp.add_argument(
        "--games",
        type=_whole(1, MAX_GAMES),
        default=100,
        metavar="N",
        help=f"how many games, 1 to {MAX_GAMES:,} (default: %(default)s)",
    )
    sp.add_argument(
        "--seed",
        type=_whole(0, MAX_SEED),
        default=1,
        metavar="SEED",
        help="the run's seed, 0 to 2**64-1: the same seed plays the same games (default: %(default)s)",
    )
    sp.add_argument(
        "--agents",
        type=_agents,
        default="random,random",
        metavar="A,B",
        help="the two agents, each random, greedy, easy, normal or hard (default: %(default)s)",
    )
    sp.add_argument(
        "--ai-budget",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help=AI_BUDGET_HELP,
    )
    sp.add_argument("--no-check", action="store_true", help="skip the invariant checks (for speed figures)")
    sp.add_argument(
        "--save-dir",
        default=None,
        type=_save_dir,
        metavar="FOLDER",
        help="save every game into this folder, one file each",
    )

    sv = _command(
        sub,
        "saves",
        "list saved games",
        """
List the saved games, the most recently played first: players, decks, turn,
step, when last played, and whether the game is over. Saves are private files.""",
    )
    sv.add_argument("--save-dir", default=None, type=_save_dir, metavar="FOLDER", help=SAVE_DIR_HELP)
    sv.add_argument("--stats", action="store_true", help="your record instead: wins and losses by deck and opponent")

    rs = _command(
        sub,
        "resume",
        "go on with a saved game (the latest unfinished one by default)",
        """
Go on with a saved game at the table, from its last decision. Without a name:
the unfinished game played most recently.""",
        """
  bs-tui resume                  the latest unfinished game
  bs-tui resume 20250301         the save whose name starts so (`bs-tui saves`)
  bs-tui resume NAME --headless  only say where that game stands""",
    )
    rs.add_argument(
        "name",
        nargs="?",
        default=None,
        type=_path,
        metavar="NAME",
        help="a save's name, a unique start of one, or a file",
    )
    rs.add_argument("--save-dir", default=None, type=_save_dir, metavar="FOLDER", help=SAVE_DIR_HELP)
    rs.add_argument("--headless", action="store_true", help="no table: print where the game stands and what is pending")
    rs.add_argument("--ai-budget", type=_seconds, default=None, metavar="SECONDS", help=AI_BUDGET_HELP)

    rp = _command(
        sub,
        "replay",
        "step through a saved game, or check that it replays",
        """
Step through a saved game, forwards and backwards, read-only. An unfinished game
shows only the seats people played; a finished one shows both hands. In the
viewer, ? or F1 shows every key.""",
        """
  bs-tui replay NAME           the viewer (? or F1 lists its keys)
  bs-tui replay NAME --verify  exit 0 when the save replays cleanly, 2 if not""",
    )
    rp.add_argument("name", type=_path, metavar="NAME", help="a save's name, a unique start of one, or a file")
    rp.add_argument(
        "--verify", action="store_true", help="no viewer: replay and check every hash; exit 0 if clean, 2 if not"
    )
    rp.add_argument("--save-dir", default=None, type=_save_dir, metavar="FOLDER", help=SAVE_DIR_HELP)

    decks = _command(
        sub,
        "decks",
        "list the shipped decks; make and edit your own",
        """
List the decks that come with bs-tui: the name to give to play --deck1 or
--deck2, the deck's own name, its colours (most cards first), its size, and
what it plays like. With new or edit: the deck builder.""",
        """
  bs-tui decks
  bs-tui decks new fire_rush          a new deck of your own
  bs-tui decks edit crimson_dawn      a copy of a shipped deck, to change""",
    )
    dsub = decks.add_subparsers(dest="decks_command", metavar="COMMAND", title="commands")
    dn = _command(dsub, "new", "make a deck of your own in the deck builder", "\nMake a deck in the deck builder.")
    dn.add_argument("name", type=_path, metavar="NAME", help="its file name: a-z, 0-9, - and _")
    de = _command(
        dsub,
        "edit",
        "change a deck of your own (a shipped one: a copy of it)",
        "\nChange a deck of your own in the deck builder; a shipped deck is copied first.",
    )
    de.add_argument("name", type=_path, metavar="NAME", help="the name of your deck, or of a shipped deck")
    de.add_argument("--as", dest="new_name", type=_path, default=None, metavar="NAME", help="save it under this name")

    deck = _command(
        sub,
        "deck",
        "check deck files",
        """
Deck files: TOML with a name and a [cards] table of card id = copies (at least
40 cards, at most 3 of a name). `bs-tui decks` lists the shipped decks.""",
        """
  bs-tui deck check my_deck.toml
  bs-tui deck check decks/*.toml""",
    )
    dsub = deck.add_subparsers(dest="deck_command", metavar="COMMAND", title="commands", required=True)
    dc = _command(
        dsub,
        "check",
        "check that deck files are legal",
        """
Check deck files: one line per file, `FILE: ok (NAME, N cards)` or one line per
problem as `FILE:LINE: problem`. Exit 0 when every file is legal, 2 otherwise.""",
    )
    dc.add_argument("files", nargs="+", type=_path, metavar="FILE", help="a deck file (TOML)")

    pos = _command(
        sub,
        "position",
        "check position files (practice puzzles for play --position)",
        """
Position files: a game set up part-way (hands, fields, cores, life, the step),
to practise a moment with `bs-tui play --position FILE`.""",
        """
  bs-tui position check benchmarks/full_board.toml""",
    )
    psub = pos.add_subparsers(dest="position_command", metavar="COMMAND", title="commands", required=True)
    pc = _command(
        psub,
        "check",
        "check that position files can be played",
        """
Check position files: `FILE: ok (turn N, who decides)` or one line per problem
as `FILE:LINE: problem`. Exit 0 when every file can be played, 2 otherwise.""",
    )
    pc.add_argument("files", nargs="+", type=_path, metavar="FILE", help="a position file (TOML)")

    pr = _command(
        sub,
        "practice",
        "rules practice: lessons and puzzles by chapter of the rulebook",
        """
Lessons and puzzles for every section of the rulebook. Without arguments: the
lessons by chapter, with what you have solved. With a file: play that lesson or
puzzle (a moment saved from a game, or one you wrote: docs/practice.md).
`check` plays each file's solution and wrong answers as the tests do.""",
        """
  bs-tui practice
  bs-tui practice tutorial
  bs-tui practice my_puzzle.toml
  bs-tui practice check my_puzzle.toml --show
  bs-tui practice list""",
    )
    pr.add_argument(
        "target",
        nargs="*",
        type=_path,
        metavar="FILE|check FILE…|list",
        help="a lesson file or a shipped lesson's name to play; check FILE… to check lesson files; list",
    )
    pr.add_argument("--show", action="store_true", help="with check: every decision met and the answers it takes")

    cards = _command(
        sub,
        "cards",
        "the card set: list, show and check cards",
        """
The card set shipped with bs-tui. Without a command: the card library, every
card filtered as you type (colour, kind, cost<=3, family, words of its text).""",
        """
  bs-tui cards
  bs-tui cards list --color red
  bs-tui cards show R01
  bs-tui cards check""",
    )
    # no command: the card library, to browse and filter every card
    csub = cards.add_subparsers(dest="cards_command", metavar="COMMAND", title="commands")
    cl = _command(
        csub,
        "list",
        "one card per line",
        """
List the cards, one per line: name, id, kind, colours, cost and reduction,
levels (cores/BP) and symbols.""",
    )
    colour = {"dest": "colour", "default": None, "choices": COLOURS, "metavar": "COLOUR"}
    cl.add_argument(
        "--color", help="only cards of this colour: " + ", ".join(COLOURS[:-1]) + " or " + COLOURS[-1], **colour
    )
    cl.add_argument("--colour", help=argparse.SUPPRESS, **colour)  # the same, spelt the other way
    _command(
        csub,
        "check",
        "check that every card loads, runs, and reads as it runs",
        """
Check the card set: every card loads, its effects run in a game, and its text
says what it does. Exit 0 when all is well, 1 otherwise.""",
    )
    cs = _command(
        csub,
        "show",
        "a card as a player reads it",
        """
Show one card in full: cost, colours, families, levels, symbols and effects.""",
    )
    cs.add_argument("id", metavar="ID", help="a card's id, like R01 (`bs-tui cards list` shows every id)")
    return ap
