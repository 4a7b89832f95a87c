"""Games as the table starts them: new ones saved from the first decision, saved ones
resumed, positions, rematches, and the unfinished game a bare `bs-tui` offers to resume.
Each comes as the `LocalSeat` that holds it. No Textual here."""

from __future__ import annotations

import os
from typing import Any

from bs_tui.agents import Agent, make_agent
from bs_tui.agents.process import AgentProcess
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.saves import Journal, SaveInfo, find_save, list_saves, load_game, new_game_from_header, save_dir, start_save

from .base import Seat
from .local import LocalSeat

HUMAN = "human"
DEFAULT_LEVEL = "normal"


def ai_agent(level: str, seed: int, budget: float | None = None) -> Agent:
    """The AI of `level` for a seat at the table: a searching one thinks in a process of its
    own (keys are answered meanwhile); the others are quick and think here."""
    if level in ("normal", "hard"):
        return AgentProcess(level, seed, budget)
    return make_agent(level, seed)


def player_name(chosen: str | None = None) -> str:
    """The person's name at the table: the one chosen (`--name`, or the settings), else
    the login name, else "Player"."""
    from bs_tui.files import printable

    if chosen and chosen.strip():
        return printable(chosen.strip())[:24]
    import getpass

    try:
        name = getpass.getuser()
    except Exception:  # no user name in this environment
        name = ""
    return name.capitalize() if name and name.isalnum() and name.lower() != "ai" else "Player"


def _given(name: str | None) -> str:
    from bs_tui.files import printable

    return printable(name.strip())[:24] if name and name.strip() else ""


def new_table(
    deck1: str = "crimson_dawn",
    deck2: str = "verdant_tide",
    seed: int | None = None,
    hotseat: bool = False,
    save: bool = False,
    save_dir_arg: str | None = None,
    name: str | None = None,
    ai: str = DEFAULT_LEVEL,
    budget: float | None = None,
    name2: str | None = None,
) -> tuple[LocalSeat, Journal | None]:
    """A new game against the AI of level `ai` (or hot-seat); saved from the start when
    `save`. `name` is the person's name (in hot-seat the first player's, `name2` the
    second's: Player 1 and Player 2 unless named); `budget`, the hard AI's seconds a decision."""
    from bs_tui.userdecks import find_deck

    db = load_cards()
    d1, d2 = load_deck(find_deck(deck1), db), load_deck(find_deck(deck2), db)
    return _start(
        (d1.card_list(), d2.card_list()), (d1, d2), seed, hotseat, save, save_dir_arg, name, ai, budget, name2
    )


def rematch_table(
    old: Seat,
    save: bool = False,
    save_dir_arg: str | None = None,
    name: str | None = None,
    budget: float | None = None,
) -> tuple[LocalSeat, Journal | None]:
    """The same decks as `old`, the same seats and AI level, a new shuffle (a save names
    the decks by matching their cards to the shipped ones)."""
    host = old
    while not isinstance(host, LocalSeat):  # the game is held at the far end of the wire
        host = host.host  # type: ignore[attr-defined]
    cards = host.game.static.decks
    level = old.level or DEFAULT_LEVEL
    if old.hotseat:  # the same two people
        name, name2 = host.game.name(0), host.game.name(1)
    else:
        name2 = None
    return _start(
        (list(cards[0]), list(cards[1])), None, None, old.hotseat, save, save_dir_arg, name, level, budget, name2
    )


def _start(
    cards: tuple[list[str], list[str]],
    decks: Any,
    seed: int | None,
    hotseat: bool,
    save: bool,
    save_dir_arg: str | None,
    name: str | None,
    ai: str = DEFAULT_LEVEL,
    budget: float | None = None,
    name2: str | None = None,
) -> tuple[LocalSeat, Journal | None]:
    db = load_cards()
    if seed is None:
        seed = int.from_bytes(os.urandom(6), "big")
    if hotseat:
        names = (_given(name) or "Player 1", _given(name2) or "Player 2")
        if names[0] == names[1]:  # two people told apart at every hand-over
            names = (f"{names[0]} (1)", f"{names[1]} (2)")
    else:
        names = (player_name(name), "AI")
    g = Game.new(cards[0], cards[1], seed, db, names, ask_every_flash=True)
    agents: list[Any] = [None, None] if hotseat else [None, ai_agent(ai, seed, budget)]
    table = LocalSeat(g, agents, hotseat=hotseat)
    journal = None
    if save:
        controls = (HUMAN, HUMAN) if hotseat else (HUMAN, ai)
        mode = "hotseat" if hotseat else "ai"
        journal = start_save(g, save_dir_arg, seed=seed, mode=mode, controls=controls, decks=decks, db=db)
        attach(table, journal)
    return table, journal


def attach(table: LocalSeat, journal: Journal) -> None:
    """Every accepted answer is appended to the save as it is accepted."""
    if journal.writable:
        table.on_answer.append(lambda answer: journal.append(answer, table.game))
        table.on_undo.append(lambda taken_back: journal.undo(taken_back, table.game))


def resume_table(
    name: str | None, save_dir_arg: str | None = None, budget: float | None = None
) -> tuple[LocalSeat, Journal]:
    """A saved game, replayed to where it stopped, with its journal open for appending; the
    AI plays at the level the save names (games saved before the levels: greedy)."""
    path = find_save(name, save_dir(save_dir_arg))
    g, journal = load_game(path)
    if journal.header.get("start") is not None:  # a lesson's try: played on as a lesson
        from bs_tui.practice.saving import resumed_seat

        return resumed_seat(journal, g), journal
    controls = [str(p.get("control", HUMAN)) for p in journal.header.get("players", ())]
    agents: list[Any] = []
    for i, c in enumerate(controls or (HUMAN, "greedy")):
        seed = int(journal.header.get("seed", 0)) + i
        agents.append(None if c in (HUMAN, "unknown") else ai_agent(c, seed, budget))
    humans = sum(a is None for a in agents)
    table = LocalSeat(g, agents, hotseat=humans == 2, start=new_game_from_header(journal.header))
    table.history = answered_by(table.start, journal.replayed)  # undo reaches back to the game's start
    attach(table, journal)
    return table, journal


def answered_by(start: Game, answers: list[Any]) -> list[tuple[int, Any]]:
    """Each answer with the player who gave it, replayed from `start` (a copy)."""
    g, out = start.copy(), []
    for a in answers:
        d = g.decision
        out.append((d.player if d is not None else -1, a))
        g.answer(a)
    return out


def resumable(save_dir_arg: str | None = None) -> SaveInfo | None:
    """The most recently played unfinished game a person played, if any."""
    for info in list_saves(save_dir(save_dir_arg)):
        if not info.problem and not info.finished and HUMAN in info.controls:
            return info
    return None


def position_table(
    path: str,
    hotseat: bool = False,
    ai: str = "normal",
    budget: float | None = None,
    name: str | None = None,
    game: Game | None = None,
) -> LocalSeat:
    """A game from a position file (see `bs_tui.engine.scenario`), or `game` when the
    file was read and checked already; ValueError naming the file when it is not a
    position a game can start from."""
    from bs_tui.engine.positions import position_from_toml

    g = game if game is not None else position_from_toml(path)  # PositionError: FILE:LINE: problem lines
    d = g.decision  # checked again here: a wrong seat must never reach the table
    if not 0 <= g.active < len(g.players) or (d is not None and not 0 <= d.player < len(g.players)):
        raise ValueError(f"{path}: not a valid position (no such player is active)")
    g.ask_every_flash = True  # people play it: ask every flash window, give every burst window
    agents: list[Any] = [None, None] if hotseat else [None, ai_agent(ai, 0, budget)]
    if not hotseat:  # the person by their name and the AI as "AI", as in any game against it
        g.static.names = (player_name(name), "AI")
    return LocalSeat(g, agents, hotseat=hotseat)
