"""The rules engine of Battle Spirits: state, steps, costs, battle, effects.

It imports no UI library. A `Game` runs until a player must decide; the pending
`Decision` says who, what kind, and the legal options; `Game.answer` takes the answer.
"""

from .cards import CardDB, CardDef, load_cards
from .decision import Allocation, CoreSource, Decision, IllegalAnswer, Kind
from .decks import Deck, DeckError, load_deck, read_deck
from .game import Game
from .view import PlayerView, view_for

__all__ = [
    "Allocation",
    "CardDB",
    "CardDef",
    "CoreSource",
    "Deck",
    "DeckError",
    "Decision",
    "Game",
    "IllegalAnswer",
    "Kind",
    "PlayerView",
    "load_cards",
    "load_deck",
    "read_deck",
    "view_for",
]
