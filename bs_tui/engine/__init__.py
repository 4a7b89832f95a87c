"""The rules engine of Battle Spirits: state, steps, costs, battle, effects.

It imports no UI library. A `Game` runs until a player must decide; the pending
`Decision` says who, what kind, and the legal options; `Game.answer` takes the answer.

Layers, each importing only those before it (tests/test_layers.py holds it):
`core` (task machine, decisions, RNG, hashing, the registries), `data` (card schema and
loading, card text, deck lists), `model` (cards in play, zones, cores, the game state,
"counts as" predicates), `rules` (turn, steps, battle, payment, effects, keywords, the
effect vocabulary), `systems` (one module per rule system of chapter 2, each
registering its options, actions, verbs and events), and the modules here (views,
scenarios, positions).
"""

from .core.decision import Allocation, CoreSource, Decision, IllegalAnswer, Kind
from .data.cards import CardDB, CardDef, load_cards
from .data.decks import Deck, DeckError, load_deck, read_deck
from .model.game import Game

# the rules and the rule systems register their task handlers, verbs and options as they
# are imported: every game needs all of them (the order of the systems is that of the
# actions they add to the Main Step)
from .rules import costs, effects, exchange, flow, keywords, summoning, verbs  # noqa: F401  # isort: skip
from .rules import card_verbs, hand_verbs, change_verbs, deck_verbs, timings, core_plus, attack_end  # noqa: F401  # isort: skip
from .rules import activated  # noqa: F401  # isort: skip
from .systems import braves, bursts, ultimates, advent, change, rebirth, count, tokens, open_area  # noqa: F401  # isort: skip
from .systems import grandwalkers, contracts  # noqa: F401  # isort: skip
from .view import PlayerView, view_for  # isort: skip

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
