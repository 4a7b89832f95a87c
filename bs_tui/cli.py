"""The `bs-tui` command line.

Every argument is checked as it is parsed (argparse-style errors, exit 2); every file named
is read through the guarded reader and a bad one is one line per problem naming the file
and line, exit 2. Output to a closed pipe ends quietly, and a headless command that fails
inside prints one line, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from bs_tui import __version__
from bs_tui.files import printable

MAX_GAMES = 1_000_000
MAX_SEED = 2**64 - 1
MAX_SHOWN = 50  # problems shown per file; the rest are counted
EXIT_PIPE = 128 + 13  # what a shell reports for a program ended by SIGPIPE


def _say(text: str, err: bool = False) -> None:
    print(printable(text), file=sys.stderr if err else sys.stdout)


def _problems(path: str, problems: Sequence[object], err: bool = False) -> None:
    """A file's problems, one line each, at most MAX_SHOWN of them."""
    for p in problems[:MAX_SHOWN]:
        _say(str(p), err)
    if len(problems) > MAX_SHOWN:
        _say(f"{path}: … and {len(problems) - MAX_SHOWN:,} more problems", err)


def _deck_check(files: list[str]) -> int:
    from bs_tui.engine.cards import CardDataError, load_cards
    from bs_tui.engine.decks import read_deck

    try:
        db = load_cards()
    except CardDataError as e:
        _say(f"bs-tui: card data: {e}", err=True)
        return 2
    bad = 0
    for f in files:
        deck, problems = read_deck(f, db)
        if problems:
            bad += 1
            _problems(f, problems)
        else:
            assert deck is not None
            _say(f"{f}: ok ({deck.name}, {deck.size} cards)")
    return 2 if bad else 0


def _position_check(files: list[str]) -> int:
    from bs_tui.engine.positions import PositionError
    from bs_tui.engine.scenario import position_from_toml

    bad = 0
    for f in files:
        try:
            g = position_from_toml(f)
        except PositionError as e:
            bad += 1
            _problems(f, e.problems)
            continue
        d = g.decision
        doing = f"{g.name(d.player)} to decide ({d.kind})" if d is not None else "nothing to decide"
        _say(f"{f}: ok (turn {g.turn}, {doing})")
    return 2 if bad else 0


def _cards_list(colour: str | None) -> int:
    from bs_tui.engine.cards import load_cards
    from bs_tui.engine.text import card_summary

    for c in sorted(load_cards().cards.values(), key=lambda c: c.id):
        if colour and colour not in c.colours:
            continue
        print(card_summary(c))
    return 0


def _cards_show(card_id: str) -> int:
    from bs_tui.engine.cards import load_cards
    from bs_tui.engine.text import card_summary, card_text
    from bs_tui.toml_lines import describe

    db = load_cards()
    if card_id not in db:
        _say(f"bs-tui: no card {describe(card_id)} (`bs-tui cards list` shows every card)", err=True)
        return 2
    c = db[card_id]
    print(card_summary(c))
    if c.families:
        print("Families: " + ", ".join(c.families))
    for line in card_text(c):
        print("  " + line)
    return 0


SAVE_DIR_HELP = "folder of saves (default: $BS_TUI_SAVES, else saves/ in the bs-tui folder)"


def _saves_list(save_dir_arg: str | None) -> int:
    from bs_tui.engine.cards import CardDataError
    from bs_tui.files import printable
    from bs_tui.saves import list_saves, save_dir

    directory = save_dir(save_dir_arg)
    shown_dir = printable(str(directory))
    try:
        infos = list_saves(directory)
    except CardDataError as e:
        print(f"bs-tui: card data: {printable(str(e))}", file=sys.stderr)
        return 2
    if not infos:
        print(f"no saves in {shown_dir}")
        return 0
    rows = [("NAME", "PLAYERS", "DECKS", "TURN", "STEP", "LAST PLAYED", "STATE")]
    for i in infos:  # every text of a SaveInfo is printable already; printed through printable() anyway
        when = datetime.fromtimestamp(i.last_played).strftime("%Y-%m-%d %H:%M") if i.last_played else "?"
        if i.problem:
            rows.append((i.name, "", "", "", "", when, f"unusable: {i.problem}"))
            continue
        if i.finished:
            state = f"finished, {i.players[i.winner]} won" if 0 <= i.winner < 2 else "finished"
        else:
            state = "in progress" + (" (last line torn)" if i.torn else "")
        rows.append((i.name, " vs ".join(i.players), " vs ".join(i.decks), str(i.turn), i.step, when, state))
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]) - 1)]
    print(f"saves in {shown_dir}")
    for r in rows:
        print(printable("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=False)) + "  " + r[-1]))
    return 0


def _open_replay(name: str | None, save_dir_arg: str | None):
    """Find and replay a save read-only; (path, replay) or None after one line on stderr."""
    from bs_tui.engine.cards import CardDataError
    from bs_tui.files import printable
    from bs_tui.saves import JournalError, find_save, replay, save_dir

    try:
        path = find_save(name, save_dir(save_dir_arg))
        r = replay(path)
    except (JournalError, CardDataError) as e:
        print(f"bs-tui: {printable(str(e))}", file=sys.stderr)
        return None
    for n in r.notices:
        print(f"notice: {printable(n)}", file=sys.stderr)
    return path, r


def _resume(name: str | None, save_dir_arg: str | None) -> int:
    """Headless resume: replay the save (read only) and say where the game stands, from
    the seats people played (an agent's pending prompt would name its hidden cards)."""
    from bs_tui.files import printable
    from bs_tui.saves import describe_pending

    opened = _open_replay(name, save_dir_arg)
    if opened is None:
        return 2
    path, r = opened
    g = r.game
    decks = [str(d.get("name") or "?") for d in r.header["decks"]]
    players = " vs ".join(f"{g.name(i)} ({decks[i]})" for i in range(2))
    print(printable(f"{path}: {players}, {g.decisions} decisions"))
    for line in describe_pending(g, r.seats).splitlines():
        print(printable(line))
    return 0


def _replay(name: str, verify: bool, save_dir_arg: str | None) -> int:
    from bs_tui.files import printable

    opened = _open_replay(name, save_dir_arg)
    if opened is None:
        return 2
    path, r = opened
    g = r.game
    if verify:
        d = g.decision
        if g.over:
            state = f"finished, {g.name(g.winner)} won"
        elif d is None:
            state = "in progress (nothing pending)"
        elif d.player in r.seats:
            state = f"in progress ({d.kind} pending)"
        else:  # what an agent's seat is asked is its own to know
            state = f"in progress ({g.name(d.player)} to decide)"
        done = f"{g.decisions} decisions replayed, {r.checked} hashes match, turn {g.turn}, {state}"
        print(printable(f"{path}: ok: {done}"))
        return 0
    from bs_tui.tui.replay_app import ReplayApp

    return ReplayApp(r).run() or 0


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


def build_parser() -> argparse.ArgumentParser:
    from bs_tui.engine.cards import COLOURS

    ap = Parser(prog="bs-tui", description="Battle Spirits in the terminal.")
    ap.add_argument("--version", action="version", version=f"bs-tui {__version__}", help="print the version")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    seed_help = f"the game's seed, 0 to {MAX_SEED} (default: a random one)"
    deck_help = "a deck file, or the name of a shipped deck (default: %(default)s)"

    play = sub.add_parser("play", help="play a game (against the AI by default)")
    play.add_argument("--hotseat", action="store_true", help="two people at one terminal")
    play.add_argument("--deck1", default="crimson_dawn", type=_path, help="player 1's " + deck_help)
    play.add_argument("--deck2", default="verdant_tide", type=_path, help="player 2's " + deck_help)
    play.add_argument("--seed", type=_whole(0, MAX_SEED), default=None, help=seed_help)
    play.add_argument("--position", default=None, type=_path, help="start from a position file (a practice puzzle)")
    play.add_argument("--save-dir", default=None, type=_save_dir, help=SAVE_DIR_HELP)

    sp = sub.add_parser("selfplay", help="agents play complete games headless, with invariant checks")
    sp.add_argument(
        "--games", type=_whole(1, MAX_GAMES), default=100, help=f"how many games, 1 to {MAX_GAMES:,} (default: 100)"
    )
    sp.add_argument("--seed", type=_whole(0, MAX_SEED), default=1, help=f"the run's seed, 0 to {MAX_SEED} (default: 1)")
    sp.add_argument(
        "--agents",
        type=_agents,
        default="random,random",
        help="the two agents, like random,greedy (default: %(default)s)",
    )
    sp.add_argument("--no-check", action="store_true", help="skip the invariant checks (for speed figures)")
    sp.add_argument(
        "--save-dir", default=None, type=_save_dir, help="journal every game into this folder (one file each)"
    )

    sv = sub.add_parser("saves", help="list saved games")
    sv.add_argument("--save-dir", default=None, type=_save_dir, help=SAVE_DIR_HELP)

    rs = sub.add_parser("resume", help="resume a saved game (the latest unfinished one by default)")
    rs.add_argument(
        "name", nargs="?", default=None, type=_path, help="a save's name (or a unique start of it) or a file"
    )
    rs.add_argument("--save-dir", default=None, type=_save_dir, help=SAVE_DIR_HELP)
    rs.add_argument("--headless", action="store_true", help="only say where the game stands and what is pending")

    rp = sub.add_parser("replay", help="replay a saved game (--verify: check it replays cleanly, headless)")
    rp.add_argument("name", type=_path, help="a save's name (or a unique start of it) or a file")
    rp.add_argument("--verify", action="store_true", help="exit 0 when the save replays cleanly, 2 otherwise")
    rp.add_argument("--save-dir", default=None, type=_save_dir, help=SAVE_DIR_HELP)

    deck = sub.add_parser("deck", help="deck files")
    dsub = deck.add_subparsers(dest="deck_command", metavar="COMMAND", required=True)
    dc = dsub.add_parser("check", help="check deck files are legal")
    dc.add_argument("files", nargs="+", type=_path, metavar="FILE", help="a deck file")

    pos = sub.add_parser("position", help="position files (practice puzzles for play --position)")
    psub = pos.add_subparsers(dest="position_command", metavar="COMMAND", required=True)
    pc = psub.add_parser("check", help="check position files can be played")
    pc.add_argument("files", nargs="+", type=_path, metavar="FILE", help="a position file")

    cards = sub.add_parser("cards", help="the card set")
    csub = cards.add_subparsers(dest="cards_command", metavar="COMMAND", required=True)
    cl = csub.add_parser("list", help="one card per line")
    cl.add_argument(
        "--color", "--colour", dest="colour", default=None, choices=COLOURS, help="only cards of this colour"
    )
    csub.add_parser("check", help="every card loads, runs, and reads as it runs")
    cs = csub.add_parser("show", help="a card as a player reads it")
    cs.add_argument("id", help="a card id, like R01")
    return ap


def _check_game_files(args: argparse.Namespace) -> int:
    """The files a new game needs, checked before the table starts: 0, or 2 after one
    line per problem on stderr."""
    from bs_tui.engine.cards import CardDataError

    try:
        if args.position:
            from bs_tui.engine.positions import PositionError
            from bs_tui.engine.scenario import position_from_toml

            try:
                position_from_toml(args.position)
            except PositionError as e:
                _problems(args.position, e.problems, err=True)
                return 2
            return 0
        from bs_tui.engine.decks import DeckError, load_deck

        for spec in (args.deck1, args.deck2):
            try:
                load_deck(spec)
            except DeckError as e:
                _problems(spec, e.problems, err=True)
                return 2
    except CardDataError as e:
        _say(f"bs-tui: card data: {e}", err=True)
        return 2
    return 0


def _run(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    cmd = args.command or "play"
    if cmd == "play":
        from bs_tui.tui.app import run_app

        if args.command is None:
            args = ap.parse_args(["play"])
            args.bare = True  # a bare `bs-tui` offers to resume an unfinished game
        return _guarded(_check_game_files, args) or run_app(args)
    if cmd == "resume" and not args.headless:
        from bs_tui.tui.app import run_app

        return run_app(args)
    if cmd == "replay" and not args.verify:
        return _replay(args.name, args.verify, args.save_dir)
    return _guarded(_headless, args)


def _guarded(command: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """A headless command whose unexpected failure is one line and exit 1, never a
    traceback (a traceback can print local variables: a game's hidden cards)."""
    try:
        return command(args)
    except (BrokenPipeError, KeyboardInterrupt):
        raise
    except Exception as e:
        _say(f"bs-tui: internal error: {type(e).__name__}: {' '.join(str(e).split())[:500]}", err=True)
        return 1


def _headless(args: argparse.Namespace) -> int:
    cmd = args.command
    if cmd == "selfplay":
        from bs_tui.selfplay import main as selfplay_main

        return selfplay_main(args.games, args.seed, args.agents, not args.no_check, args.save_dir)
    if cmd == "saves":
        return _saves_list(args.save_dir)
    if cmd == "resume":
        return _resume(args.name, args.save_dir)
    if cmd == "replay":
        return _replay(args.name, args.verify, args.save_dir)
    if cmd == "deck":
        return _deck_check(args.files)
    if cmd == "position":
        return _position_check(args.files)
    if args.cards_command == "list":
        return _cards_list(args.colour)
    if args.cards_command == "show":
        return _cards_show(args.id)
    from bs_tui.cardcheck import main as check_main

    return check_main()


@functools.cache
def _parser() -> argparse.ArgumentParser:
    return build_parser()  # built once: in-process callers (the fuzz tests) call main often


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a terminal that is not UTF-8 gets escapes, not an error
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    ap = _parser()
    args = ap.parse_args(argv)
    try:
        code = _run(ap, args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader went away (`bs-tui cards list | head -1`): stop quietly, and keep
        # Python's own flush at exit from failing on the closed pipe too.
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_PIPE
    except KeyboardInterrupt:
        _say("bs-tui: interrupted", err=True)
        return 130


if __name__ == "__main__":
    sys.exit(main())
