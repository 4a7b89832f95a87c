"""The `bs-tui` command line."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime


def _deck_check(files: list[str]) -> int:
    from bs_tui.engine.cards import CardDataError, load_cards
    from bs_tui.engine.decks import read_deck

    try:
        db = load_cards()
    except CardDataError as e:
        print(f"card data: {e}")
        return 2
    bad = 0
    for f in files:
        deck, problems = read_deck(f, db)
        if problems:
            bad += 1
            for p in problems:
                print(p)
        else:
            assert deck is not None
            print(f"{f}: ok ({deck.name}, {deck.size} cards)")
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

    db = load_cards()
    if card_id not in db:
        print(f"no card {card_id!r}")
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
    from bs_tui.journal import list_saves, save_dir

    directory = save_dir(save_dir_arg)
    try:
        infos = list_saves(directory)
    except CardDataError as e:
        print(f"bs-tui: card data: {e}", file=sys.stderr)
        return 2
    if not infos:
        print(f"no saves in {directory}")
        return 0
    rows = [("NAME", "PLAYERS", "DECKS", "TURN", "STEP", "LAST PLAYED", "STATE")]
    for i in infos:
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
    print(f"saves in {directory}")
    for r in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=False)) + "  " + r[-1])
    return 0


def _open_replay(name: str | None, save_dir_arg: str | None):
    """Find and replay a save read-only; (path, replay) or None after one line on stderr."""
    from bs_tui.engine.cards import CardDataError
    from bs_tui.journal import JournalError, find_save, replay, save_dir

    try:
        path = find_save(name, save_dir(save_dir_arg))
        r = replay(path)
    except (JournalError, CardDataError) as e:
        print(f"bs-tui: {e}", file=sys.stderr)
        return None
    for n in r.notices:
        print(f"notice: {n}", file=sys.stderr)
    return path, r


def _resume(name: str | None, save_dir_arg: str | None) -> int:
    """Headless resume: replay the save (read only) and say where the game stands."""
    from bs_tui.journal import describe_pending

    opened = _open_replay(name, save_dir_arg)
    if opened is None:
        return 2
    path, r = opened
    h = r.header
    players = " vs ".join(f"{p['name']} ({d.get('name', '?')})" for p, d in zip(h["players"], h["decks"], strict=True))
    print(f"{path}: {players}, {r.game.decisions} decisions")
    print(describe_pending(r.game))
    return 0


def _replay(name: str, verify: bool, save_dir_arg: str | None) -> int:
    opened = _open_replay(name, save_dir_arg)
    if opened is None:
        return 2
    path, r = opened
    g = r.game
    if verify:
        d = g.decision
        state = f"finished, {g.name(g.winner)} won" if g.over else f"in progress ({d.kind if d else 'nothing'} pending)"
        print(f"{path}: ok: {g.decisions} decisions replayed, {r.checked} hashes match, turn {g.turn}, {state}")
        return 0
    from bs_tui.tui.replay_app import ReplayApp

    return ReplayApp(r).run() or 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="bs-tui", description="Battle Spirits in the terminal.")
    sub = ap.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game (against the AI by default)")
    play.add_argument("--hotseat", action="store_true", help="two people at one terminal")
    play.add_argument("--deck1", default="crimson_dawn")
    play.add_argument("--deck2", default="verdant_tide")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--position", default=None, help="start from a position file (a practice puzzle)")
    play.add_argument("--save-dir", default=None, help=SAVE_DIR_HELP)

    sp = sub.add_parser("selfplay", help="agents play complete games headless, with invariant checks")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--agents", default="random,random")
    sp.add_argument("--no-check", action="store_true", help="skip the invariant checks (for speed figures)")
    sp.add_argument("--save-dir", default=None, help="journal every game into this folder (one file each)")

    sv = sub.add_parser("saves", help="list saved games")
    sv.add_argument("--save-dir", default=None, help=SAVE_DIR_HELP)

    rs = sub.add_parser("resume", help="resume a saved game (the latest unfinished one by default)")
    rs.add_argument("name", nargs="?", default=None, help="a save's name (or a unique start of it) or a file")
    rs.add_argument("--save-dir", default=None, help=SAVE_DIR_HELP)
    rs.add_argument("--headless", action="store_true", help="only say where the game stands and what is pending")

    rp = sub.add_parser("replay", help="replay a saved game (--verify: check it replays cleanly, headless)")
    rp.add_argument("name", help="a save's name (or a unique start of it) or a file")
    rp.add_argument("--verify", action="store_true", help="exit 0 when the save replays cleanly, 2 otherwise")
    rp.add_argument("--save-dir", default=None, help=SAVE_DIR_HELP)

    deck = sub.add_parser("deck", help="deck files")
    dsub = deck.add_subparsers(dest="deck_command")
    dc = dsub.add_parser("check", help="check deck files are legal")
    dc.add_argument("files", nargs="+")

    cards = sub.add_parser("cards", help="the card set")
    csub = cards.add_subparsers(dest="cards_command")
    cl = csub.add_parser("list", help="one card per line")
    cl.add_argument("--color", "--colour", dest="colour", default=None)
    csub.add_parser("check", help="every card loads, runs, and reads as it runs")
    cs = csub.add_parser("show", help="a card as a player reads it")
    cs.add_argument("id")
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    cmd = args.command or "play"
    if cmd == "selfplay":
        from bs_tui.selfplay import main as selfplay_main

        return selfplay_main(args.games, args.seed, args.agents, not args.no_check, args.save_dir)
    if cmd == "saves":
        return _saves_list(args.save_dir)
    if cmd == "resume":
        if getattr(args, "headless", False):
            return _resume(args.name, args.save_dir)
        from bs_tui.tui.app import run_app

        return run_app(args)
    if cmd == "replay":
        return _replay(args.name, args.verify, args.save_dir)
    if cmd == "deck":
        if args.deck_command != "check":
            ap.parse_args(["deck", "--help"])
        return _deck_check(args.files)
    if cmd == "cards":
        if args.cards_command == "list":
            return _cards_list(args.colour)
        if args.cards_command == "show":
            return _cards_show(args.id)
        if args.cards_command == "check":
            from bs_tui.cardcheck import main as check_main

            return check_main()
        ap.parse_args(["cards", "--help"])
    if cmd == "play":
        from bs_tui.tui.app import run_app

        if args.command is None:
            args = ap.parse_args(["play"])
            args.bare = True  # a bare `bs-tui` offers to resume an unfinished game
        return run_app(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
