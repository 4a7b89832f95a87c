"""`bs-tui`, `bs-tui play` and `bs-tui resume` from the command line: the files and
arguments checked before the table opens (one line and exit 2 for one that cannot be
used), then the table until it closes."""

from __future__ import annotations

import argparse
import sys

from bs_tui.files import printable
from bs_tui.seats.starting import new_table, position_table, resumable, resume_table

from .app import BattleApp
from .crash import Crashed, write_report

MAX_LINES = 20  # problems of one file shown before starting


def file_lines(path: str, error: Exception) -> str:
    """An error about the file `path` as `FILE:LINE: problem` lines, each naming the file."""
    shown = printable(path)
    lines = [printable(line) for line in str(error).splitlines() if line.strip()] or ["not a valid position"]
    out = [line if line.startswith(shown) else f"{shown}: {line}" for line in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        out.append(f"{shown}: … and {len(lines) - MAX_LINES:,} more problems")
    return "\n".join(out)


def run_app(args: argparse.Namespace) -> int:
    """`bs-tui`, `bs-tui play` and `bs-tui resume`: start or resume a game in the table.
    A file that cannot be used is one line and exit 2; a game that stops on a failure is
    a short message and a non-zero exit, never a traceback."""
    from bs_tui.engine import DeckError
    from bs_tui.files import FileProblem
    from bs_tui.saves import JournalError
    from bs_tui.settings import config_path, load_settings

    save_dir_arg = getattr(args, "save_dir", None)
    position = getattr(args, "position", None)
    journal = None
    offer = None
    try:
        from bs_tui.cardcache import shipped_cards

        shipped_cards()  # the checked card set, kept between starts: the first frame comes sooner
        config_file = config_path()
        settings = load_settings(config_file)
        name = getattr(args, "name_override", None) or settings.player_name or None
        level = getattr(args, "ai", None) or settings.ai_level
        budget = getattr(args, "ai_budget", None)
        if getattr(args, "command", None) == "resume":
            table, journal = resume_table(args.name, save_dir_arg, budget)
        elif position:
            checked = getattr(args, "position_game", None)  # built by the files' check: not built twice
            table = position_table(position, args.hotseat, level, budget, name, checked)
        else:
            if getattr(args, "bare", False):
                offer = resumable(save_dir_arg)
                if offer is None and first_run():  # the very first start: the tutorial offered first
                    from .practice_run import offer_tutorial, run_practice

                    if offer_tutorial():
                        return run_practice("tutorial", args)
            table, journal = None, None
            if offer is None:
                table, journal = new_table(
                    args.deck1,
                    args.deck2,
                    args.seed,
                    args.hotseat,
                    save=True,
                    save_dir_arg=save_dir_arg,
                    name=name,
                    name2=getattr(args, "name2_override", None) or settings.player2_name or None,
                    ai=level,
                    budget=budget,
                )
    except FileProblem as e:
        print(printable(str(e)), file=sys.stderr)
        return 2
    except (DeckError, JournalError) as e:
        print(f"bs-tui: {printable(str(e))}", file=sys.stderr)
        return 2
    except ValueError as e:
        if position:
            print(file_lines(position, e), file=sys.stderr)
        else:
            print(f"bs-tui: cannot start that game: {printable(str(e))}", file=sys.stderr)
        return 2
    except (OSError, KeyError) as e:
        print(f"bs-tui: cannot start that game: {printable(str(e))}", file=sys.stderr)
        return 2
    app = BattleApp(table, journal=journal, offer=offer, args=args, settings=settings, config_file=config_file)
    try:
        result = app.run()
    except Exception as e:  # outside Textual's message loop: the same short message, never the game
        print(Crashed(e, write_report(e), app.resume_hint()).message(), file=sys.stderr)
        return 1
    finally:
        if app.journal is not None:
            app.journal.close()
        if getattr(app, "table", None) is not None:
            app.table.close()
        app.close_hinter()
    if app.practice_exit:  # a lesson resumed and left for the next one or the list of lessons
        from .practice_run import run_practice, then

        state = app.table.practice() if getattr(app, "table", None) is not None else None
        return run_practice(then(app.practice_exit, state.lesson_id if state else ""), args)
    return app.return_code or result or 0


def first_run() -> bool:
    """Whether the tutorial is still to be offered (once: the first time `bs-tui` starts)."""
    from bs_tui.practice.progress import load_progress

    progress = load_progress()
    if progress.tutorial_offered or progress.records:
        return False
    progress.tutorial_offered = True
    progress.save()
    return True
