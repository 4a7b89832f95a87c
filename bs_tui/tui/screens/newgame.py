"""NewGameScreen: a new game after one ends: your deck and the opponent's, chosen from the
shipped decks (a line each, so that many are in sight) and the player's own, and the AI's
level (not in hot-seat); under the lists, the choice in words and what the highlighted deck
plays like."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.settings import AI_LEVELS

from ..cardlines import COLOUR_LETTER
from ..widgets.key_bar import KeyBar
from .settings import LEVEL_WORDS


@dataclass(frozen=True, slots=True)
class DeckChoice:
    name: str  # the shipped deck's file name, as `--deck1` takes it
    title: str  # the deck's own name
    colours: str
    size: int
    about: str = ""  # what it plays like (the comment at the top of its file)


def shipped_choices() -> list[DeckChoice]:
    """The shipped decks, then the player's own legal decks (made in the deck builder)."""
    from bs_tui.engine import load_cards
    from bs_tui.engine.data.decks import deck_about, read_deck, shipped_decks
    from bs_tui.userdecks import NAME, user_deck_dir

    db = load_cards()
    out = []
    own = sorted(p for p in user_deck_dir().glob("*.toml") if NAME.match(p.stem)) if user_deck_dir().is_dir() else []
    for p in [*shipped_decks(), *own]:
        deck, problems = read_deck(p, db)
        if deck is None or problems:
            continue
        cols: list[str] = []
        for cid, _n in deck.cards:
            for c in db[cid].colours:
                if c not in cols:
                    cols.append(c)
        title = deck.name if p.parent != user_deck_dir() else f"{deck.name} (yours)"
        out.append(DeckChoice(p.stem, title, "/".join(cols), deck.size, deck_about(p)))
    return out


class NewGameScreen(ModalScreen[tuple[str, str, str] | None]):
    """Returns (your deck, the opponent's deck, the AI's level or "" in hot-seat), or None."""

    BINDINGS = [
        Binding("enter", "start", "Start", priority=True, tooltip="start the game with the highlighted decks"),
        Binding("escape", "cancel", "Back", tooltip="back without a new game"),
        Binding("b", "build", "Build a deck", tooltip="a deck of your own from a copy of your highlighted deck"),
    ]

    def __init__(self, decks: list[DeckChoice], mine: str = "", theirs: str = "", level: str = ""):
        super().__init__()
        self.decks = decks
        self.mine = mine
        self.theirs = theirs
        self.level = level  # "": hot-seat, no AI to choose

    def compose(self) -> ComposeResult:
        with Vertical(id="newgame-box"):
            yield Static("Tab: the next list · ↑↓ choose · Enter start · b build a deck · Esc back", id="newgame-keys")
            with Horizontal():
                yield OptionList(id="deck-mine")
                yield OptionList(id="deck-theirs")
            yield Static(id="deck-about")
            if self.level:
                yield OptionList(*(Option(LEVEL_WORDS[lv], id=lv) for lv in AI_LEVELS), id="newgame-level")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#newgame-box").border_title = "New game"
        self.fill()
        if self.level:
            ol = self.query_one("#newgame-level", OptionList)
            ol.border_title = "AI level"
            ol.highlighted = AI_LEVELS.index(self.level) if self.level in AI_LEVELS else 1
        self.query_one("#deck-mine", OptionList).focus()

    def fill(self) -> None:
        for oid, pick in (("#deck-mine", self.mine), ("#deck-theirs", self.theirs)):
            ol = self.query_one(oid, OptionList)
            ol.clear_options()
            ol.border_title = "Your deck" if oid == "#deck-mine" else "Opponent's deck"
            for d in self.decks:
                letters = "".join(COLOUR_LETTER.get(c, "?") for c in d.colours.split("/"))  # in full below
                ol.add_option(Option(Text.assemble((d.title, "bold"), (f"  {letters} · {d.size}", "dim")), id=d.name))
            names = [d.name for d in self.decks]
            ol.highlighted = names.index(pick) if pick in names else 0
        self.tell_choice()

    def on_option_list_option_highlighted(self, _: OptionList.OptionHighlighted) -> None:
        self.tell_choice()

    def on_descendant_focus(self, _: object) -> None:
        self.tell_choice()

    def tell_choice(self) -> None:
        """The choice in words (not by a highlight's colour alone), and what the deck of the
        list in focus plays like."""
        by_name = {d.name: d for d in self.decks}

        def chosen(list_id: str) -> DeckChoice | None:
            o = self.query_one(list_id, OptionList).highlighted_option
            return by_name.get(o.id) if o is not None and o.id is not None else None

        mine, theirs = chosen("#deck-mine"), chosen("#deck-theirs")
        t = Text()
        t.append(f"You: {mine.title if mine else '?'}  vs  {theirs.title if theirs else '?'}", style="bold")
        if self.level:
            lv = self.query_one("#newgame-level", OptionList).highlighted_option
            t.append(f"  · AI: {lv.id if lv is not None else self.level}", style="bold")
        focused = theirs if self.focused is self.query_one("#deck-theirs") else mine
        if focused is not None:
            t.append(f"\n{focused.title}: {focused.colours}, {focused.size} cards. ")
            t.append(focused.about, style="dim")
        self.query_one("#deck-about", Static).update(t)

    def action_build(self) -> None:
        """The deck builder from a copy of the highlighted deck of yours; saved, it is offered
        here at once, highlighted."""
        from bs_tui.engine import load_cards
        from bs_tui.engine.data.decks import read_deck, resolve
        from bs_tui.userdecks import check_file_name, find_deck

        from .deckbuilder import DeckBuilderScreen

        a = self.query_one("#deck-mine", OptionList).highlighted_option
        if a is None or a.id is None:
            return
        deck, _ = read_deck(resolve(find_deck(a.id)))
        cards: dict[str, int] = {}
        for cid, n in deck.cards if deck else ():
            cards[cid] = cards.get(cid, 0) + n
        name = a.id
        if check_file_name(name):  # a shipped deck: a copy under a name of its own
            n = 1
            while check_file_name(f"{a.id}_{n}") or find_deck(f"{a.id}_{n}") != f"{a.id}_{n}":
                n += 1
            name = f"{a.id}_{n}"
        title = (deck.name if deck else name) + ("" if name == a.id else " (copy)")

        def saved(path: str | None) -> None:
            if path is None:
                return
            self.decks = shipped_choices()
            self.mine = name
            self.fill()

        self.app.push_screen(DeckBuilderScreen(load_cards(), name, title, cards), saved)

    def action_start(self) -> None:
        a = self.query_one("#deck-mine", OptionList).highlighted_option
        b = self.query_one("#deck-theirs", OptionList).highlighted_option
        if a is None or b is None or a.id is None or b.id is None:
            return
        level = ""
        if self.level:
            chosen = self.query_one("#newgame-level", OptionList).highlighted_option
            level = chosen.id if chosen is not None and chosen.id in AI_LEVELS else self.level
        self.dismiss((a.id, b.id, level))

    def action_cancel(self) -> None:
        self.dismiss(None)
