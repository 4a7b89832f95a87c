"""The `bs-tui` command line."""

from __future__ import annotations

import argparse
import sys


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


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="bs-tui", description="Battle Spirits in the terminal.")
    sub = ap.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game (against the AI by default)")
    play.add_argument("--hotseat", action="store_true", help="two people at one terminal")
    play.add_argument("--deck1", default="crimson_dawn")
    play.add_argument("--deck2", default="verdant_tide")
    play.add_argument("--seed", type=int, default=None)

    sp = sub.add_parser("selfplay", help="agents play complete games headless, with invariant checks")
    sp.add_argument("--games", type=int, default=100)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--agents", default="random,random")
    sp.add_argument("--no-check", action="store_true", help="skip the invariant checks (for speed figures)")
    sp.add_argument("--save-dir", default=None, help="journal every game into this folder")

    deck = sub.add_parser("deck", help="deck files")
    dsub = deck.add_subparsers(dest="deck_command")
    dc = dsub.add_parser("check", help="check deck files are legal")
    dc.add_argument("files", nargs="+")

    cards = sub.add_parser("cards", help="the card set")
    csub = cards.add_subparsers(dest="cards_command")
    cl = csub.add_parser("list", help="one card per line")
    cl.add_argument("--color", "--colour", dest="colour", default=None)
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
    if cmd == "deck":
        if args.deck_command != "check":
            ap.parse_args(["deck", "--help"])
        return _deck_check(args.files)
    if cmd == "cards":
        if args.cards_command == "list":
            return _cards_list(args.colour)
        if args.cards_command == "show":
            return _cards_show(args.id)
        ap.parse_args(["cards", "--help"])
    if cmd == "play":
        from bs_tui.tui.app import run_app

        if args.command is None:
            args = ap.parse_args(["play"])
        return run_app(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
