"""The `bs-tui` command line.

Every argument is checked as it is parsed (argparse-style errors, exit 2); every file named
is read through the guarded reader and a bad one is one line per problem naming the file
and line, exit 2. Output to a closed pipe ends quietly, and a headless command that fails
inside prints one line, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from bs_tui.cli_args import DEFAULT_DECKS, build_parser
from bs_tui.files import printable

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
    from bs_tui.engine.data.cards import CardDataError, load_cards
    from bs_tui.engine.data.decks import read_deck

    try:
        db = load_cards()
    except CardDataError as e:
        _say(f"bs-tui: card data: {e}", err=True)
        return 2
    from bs_tui.engine.data.decks import DECKS_DIR
    from bs_tui.userdecks import NAME, find_deck

    bad = 0
    for given in files:
        # a name, as `play --deck1` takes it: your deck of that name, else a shipped one
        f = find_deck(given)
        if f == given and NAME.fullmatch(f) and not os.path.lexists(f) and (DECKS_DIR / f"{f}.toml").exists():
            f = str(DECKS_DIR / f"{f}.toml")
        deck, problems = read_deck(f, db)
        if problems:
            bad += 1
            _problems(f, problems)
        else:
            assert deck is not None
            _say(f"{f}: ok ({deck.name}, {deck.size} cards)")
    return 2 if bad else 0


def _position_check(files: list[str]) -> int:
    from bs_tui.engine.positions import PositionError, position_from_toml

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


def _deck_about(path: Path) -> str:
    from bs_tui.engine.data.decks import deck_about

    return deck_about(path)


def _deck_builder(args: argparse.Namespace) -> int:
    """`bs-tui decks new NAME` / `bs-tui decks edit NAME [--as NEW]`: the deck builder."""
    from bs_tui.engine.data.decks import DECKS_DIR, read_deck
    from bs_tui.files import printable
    from bs_tui.userdecks import check_file_name, user_deck_dir

    name = str(args.name)
    target = str(getattr(args, "new_name", None) or name)
    cards: dict[str, int] = {}
    title = target
    if args.decks_command == "edit":
        own = user_deck_dir() / f"{name}.toml"
        source = own if own.exists() else DECKS_DIR / f"{name}.toml"
        if not source.exists():
            _say(f"bs-tui decks edit: no deck {printable(name)!r} of yours nor shipped", err=True)
            return 2
        if source.parent == DECKS_DIR and target == name:
            target = f"{name}_copy"  # shipped decks are read-only: a copy of it is yours
        deck, problems = read_deck(source)
        if deck is None:
            for p in problems[:MAX_SHOWN]:
                _say(str(p), err=True)
            return 2
        for cid, n in deck.cards:
            cards[cid] = cards.get(cid, 0) + n
        title = deck.name if target == name else f"{deck.name} (copy)"
    elif (user_deck_dir() / f"{name}.toml").exists():
        _say(f"bs-tui decks new: you have a deck {printable(name)!r} already (bs-tui decks edit {name})", err=True)
        return 2
    why = check_file_name(target)
    if why and not (args.decks_command == "edit" and target == name and (user_deck_dir() / f"{name}.toml").exists()):
        _say(f"bs-tui decks {args.decks_command}: {printable(target)!r}: {why}", err=True)
        return 2
    from bs_tui.tui.library_app import run_builder

    return run_builder(target, title, cards)


def _decks_list() -> int:
    """`bs-tui decks`: each shipped deck's name for --deck1/--deck2, its own name, its
    colours (most cards first), its size, and what it plays like."""
    from bs_tui.engine.data.cards import COLOURS, CardDataError, load_cards
    from bs_tui.engine.data.decks import read_deck, shipped_decks

    try:
        db = load_cards()
    except CardDataError as e:
        _say(f"bs-tui: card data: {e}", err=True)
        return 2
    from bs_tui.files import printable
    from bs_tui.userdecks import user_deck_dir

    rows = []
    bad = 0
    yours = sorted(user_deck_dir().glob("*.toml")) if user_deck_dir().is_dir() else []
    for path in [*shipped_decks(), *yours]:
        deck, problems = read_deck(path, db)
        if problems or deck is None:
            bad += 1
            rows.append((path, path.stem, "", "", "", [str(p) for p in problems[:MAX_SHOWN]]))
            continue
        per_colour = {c: 0 for c in COLOURS}
        for cid, n in deck.cards:
            for c in db[cid].colours:
                per_colour[c] += n
        colours = sorted((c for c in COLOURS if per_colour[c]), key=lambda c: -per_colour[c])
        # the three main colours, and how many more, so that a line stays within 80 columns
        shown = ", ".join(colours[:3]) + (f" +{len(colours) - 3}" if len(colours) > 3 else "")
        rows.append((path, path.stem, deck.name, shown or "colourless", f"{deck.size} cards", []))
    if not rows:
        _say("bs-tui: no shipped decks found", err=True)
        return 2
    widths = [max(len(r[i]) for r in rows) for i in range(1, 4)]
    defaults = {DEFAULT_DECKS[0]: "The default --deck1. ", DEFAULT_DECKS[1]: "The default --deck2. "}
    _say("Shipped decks (give the first name to play --deck1 or --deck2):")
    for path, stem, name, colours, size, problems in rows:
        if yours and path == yours[0]:
            _say("")
            _say(f"Your decks (in {printable(str(user_deck_dir()))}; bs-tui decks edit NAME changes one):")
        _say("")
        if problems:
            _say(f"  {stem}  unusable:")
            for p in problems:
                _say(f"    {p}")
            continue
        _say(f"  {stem:<{widths[0]}}  {name:<{widths[1]}}  {colours:<{widths[2]}}  {size}")
        about = defaults.get(stem, "") + _deck_about(path)
        for line in textwrap.wrap(about, 76, initial_indent="    ", subsequent_indent="    "):
            _say(line)
    return 2 if bad else 0


def _cards_list(colour: str | None) -> int:
    from bs_tui.engine.data.cards import load_cards
    from bs_tui.engine.data.text import card_summary

    for c in sorted(load_cards().cards.values(), key=lambda c: c.id):
        if colour and colour not in c.colours:
            continue
        print(card_summary(c))
    return 0


def _cards_show(card_id: str) -> int:
    from bs_tui.engine.data.cards import load_cards
    from bs_tui.engine.data.text import card_summary, card_text
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


def _saves_stats(save_dir_arg: str | None) -> int:
    """`bs-tui saves --stats`: the record of finished games, within 80 columns."""
    from bs_tui.engine.data.cards import CardDataError
    from bs_tui.files import printable
    from bs_tui.saves import list_saves, record, save_dir

    directory = save_dir(save_dir_arg)
    try:
        infos = list_saves(directory)
    except CardDataError as e:
        print(f"bs-tui: card data: {printable(str(e))}", file=sys.stderr)
        return 2
    rows = record(infos)
    finished = sum(r.won + r.lost for r in rows)
    won = sum(r.won for r in rows)
    going = sum(1 for i in infos if not i.problem and not i.finished)
    print(printable(f"games in {directory}: {finished} finished ({won} won, {finished - won} lost), {going} going on"))
    if not rows:
        return 0
    cut = lambda text, n: text if len(text) <= n else text[: n - 1] + "…"  # noqa: E731
    print(f"{'YOUR DECK':<20}  {'OPPONENT':<18}  {'THEIR DECK':<20}  {'WON':>4}  {'LOST':>4}")
    for r in rows:
        line = f"{cut(r.deck, 20):<20}  {cut(r.opponent, 18):<18}  {cut(r.their_deck, 20):<20}  {r.won:>4}  {r.lost:>4}"
        print(printable(line))
    return 0


def _saves_list(save_dir_arg: str | None) -> int:
    from bs_tui.engine.data.cards import CardDataError
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
    # two lines a save, within 80 columns: its name, then what it holds
    print(printable(f"saves in {shown_dir}"))
    for i in infos:  # every text of a SaveInfo is printable already; printed through printable() anyway
        when = datetime.fromtimestamp(i.last_played).strftime("%Y-%m-%d %H:%M") if i.last_played else "?"
        if i.problem:
            parts = [f"unusable: {i.problem}"]
        else:
            if i.finished:
                state = f"finished, {i.players[i.winner]} won" if 0 <= i.winner < 2 else "finished"
            else:
                state = "in progress" + (" (last line torn)" if i.torn else "")
            step = f" {i.step}" if i.step and not i.finished else ""
            parts = [" vs ".join(i.players), " vs ".join(i.decks), f"turn {i.turn}{step}", state]
        print(printable(f"{i.name}  {when}"))
        for line in textwrap.wrap(" · ".join(parts), 76, break_on_hyphens=False):
            print(printable("    " + line))
    return 0


def _open_replay(name: str | None, save_dir_arg: str | None):
    """Find and replay a save read-only; (path, replay) or None after one line on stderr."""
    from bs_tui.engine.data.cards import CardDataError
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


def _check_game_files(args: argparse.Namespace) -> int:
    """The files a new game needs, checked before the table starts: 0, or 2 after one
    line per problem on stderr."""
    from bs_tui.cardcache import shipped_cards
    from bs_tui.engine.data.cards import CardDataError

    try:
        shipped_cards()  # from the cache when it is still the same; the table uses it too
        if args.position:
            from bs_tui.engine.positions import PositionError, position_from_toml

            try:
                args.position_game = position_from_toml(args.position)  # the table starts from it
            except PositionError as e:
                _problems(args.position, e.problems, err=True)
                return 2
            return 0
        from bs_tui.engine.data.decks import DeckError, load_deck
        from bs_tui.userdecks import find_deck

        for spec in (args.deck1, args.deck2):
            try:
                load_deck(find_deck(spec))
            except DeckError as e:
                _problems(spec, e.problems, err=True)
                return 2
    except CardDataError as e:
        _say(f"bs-tui: card data: {e}", err=True)
        return 2
    return 0


def _run(ap: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    cmd = args.command or "play"
    if cmd not in ("play", "resume") or getattr(args, "headless", False):
        gc.enable()  # only the table's start is worth the wait (see main)
    name = getattr(args, "name_override", None)
    if name is not None and cmd != "play":
        ap.error(f"--name is for playing: bs-tui --name NAME, or bs-tui play --name NAME (not {cmd})")
    if cmd == "play":
        from bs_tui.tui.run import run_app

        if args.command is None:
            args = ap.parse_args(["play"])
            args.bare = True  # a bare `bs-tui` offers to resume an unfinished game
            args.name_override = name
        return _guarded(_check_game_files, args) or run_app(args)
    if cmd == "resume" and not args.headless:
        from bs_tui.tui.run import run_app

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

        return selfplay_main(args.games, args.seed, args.agents, not args.no_check, args.save_dir, args.ai_budget)
    if cmd == "saves":
        return _saves_stats(args.save_dir) if args.stats else _saves_list(args.save_dir)
    if cmd == "decks":
        if getattr(args, "decks_command", None) in ("new", "edit"):
            return _deck_builder(args)
        return _decks_list()
    if cmd == "resume":
        return _resume(args.name, args.save_dir)
    if cmd == "replay":
        return _replay(args.name, args.verify, args.save_dir)
    if cmd == "deck":
        return _deck_check(args.files)
    if cmd == "position":
        return _position_check(args.files)
    if cmd == "practice":
        return _practice(args)
    if args.cards_command is None:
        from bs_tui.tui.library_app import run_library

        return run_library()
    if args.cards_command == "list":
        return _cards_list(args.colour)
    if args.cards_command == "show":
        return _cards_show(args.id)
    from bs_tui.cardcheck import main as check_main

    return check_main()


def _practice(args: argparse.Namespace) -> int:
    """`bs-tui practice`: the menu, a lesson played, `check FILE…` or `list`."""
    target = list(args.target)
    if target[:1] == ["check"]:
        if len(target) < 2:
            _say("bs-tui practice check: name one or more lesson files", err=True)
            return 2
        from bs_tui.practice.check import check_files

        return check_files(target[1:], args.show)
    if target == ["list"]:
        from bs_tui.practice.catalogue import list_lines

        for line in list_lines():
            print(line)
        return 0
    if len(target) > 1:
        _say("bs-tui practice: one lesson at a time (or check FILE…)", err=True)
        return 2
    from bs_tui.tui.practice_run import run_practice

    return run_practice(target[0] if target else None, args)


@functools.cache
def _parser() -> argparse.ArgumentParser:
    return build_parser()  # built once: in-process callers (the fuzz tests) call main often


def main(argv: list[str] | None = None) -> int:
    # No garbage collection while the program starts: importing Textual and the engine
    # builds tens of thousands of objects and frees almost none, and the collector's
    # passes over them cost some 20 ms of the table's first frame. The table turns it
    # back on once its first frame is drawn (BattleApp.table_ready); every other command
    # as soon as its arguments are read.
    gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _main(argv: list[str] | None) -> int:
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
