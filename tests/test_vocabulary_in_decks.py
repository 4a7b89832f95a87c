"""Every word of the card vocabulary is played: each verb, continuous effect, timing, target,
condition, burst condition, "cannot", keyword and "once" a card may name is used by a card
in a shipped deck (a deck people can pick), so self-play, the golden games and the agents
meet it (issue 17: "every new verb, timing, target and continuous effect used by a shipped
card in a legal deck"). A piece added to the vocabulary without such a card fails here."""

from __future__ import annotations

import pytest

from bs_tui.engine import load_cards
from bs_tui.engine.core.registry import BURST_EVENTS, CONDITIONS, MODIFIERS, TIMINGS, VERBS
from bs_tui.engine.data.cards import BURST_CONDITIONS, DURINGS, KEYWORDS, ONCE, TRIGGERS, walk_steps
from bs_tui.engine.data.decks import load_deck, shipped_decks
from bs_tui.engine.model.modifiers import FORBIDS
from bs_tui.engine.model.modifiers import TARGETS as MODIFIER_TARGETS
from bs_tui.engine.rules.verbs import TARGETS
from bs_tui.engine.systems.tokens import tokens_named
from bs_tui.selfplay import selfplay


def _used() -> dict[str, set]:
    """What the cards of the shipped decks (and the tokens they make) use, by kind."""
    db = load_cards()
    cards: set[str] = set()
    for path in shipped_decks():
        deck = load_deck(path, db)  # a legal deck, or DeckError
        cards |= {cid for cid, _ in deck.cards}
    cards |= set(tokens_named(sorted(cards), db))
    used: dict[str, set] = {k: set() for k in VOCABULARY}
    for cid in cards:
        card = db[cid]
        for face in (card, card.back) if card.back else (card,):
            used["keyword"] |= {k.name for k in face.keywords}
            for e in face.effects:
                used["timing"].add(e.when)
                used["once"].add(e.once)
                if e.during:
                    used["during"].add(e.during)
                used["condition"] |= {k for k, _ in e.cond}
                if e.when == "burst":
                    used["burst"].add(e.condition)
                for s in walk_steps(e.steps):
                    if e.when == "continuous":
                        used["modifier"].add(s.verb)
                        used["modifier_target"].add(s.get("target", "this"))
                        if s.verb == "forbid":
                            used["forbid"].add(s.get("what"))
                        continue
                    used["verb"].add(s.verb)
                    param = getattr(VERBS[s.verb], "params", {}).get("target")
                    if param is not None:
                        used["target"].add(s.get("target", param[1]))
    return used


VOCABULARY = {
    "verb": lambda: set(VERBS),
    "modifier": lambda: set(MODIFIERS),
    "timing": lambda: set(TRIGGERS) | set(TIMINGS),
    "target": lambda: set(TARGETS),
    "modifier_target": lambda: set(MODIFIER_TARGETS),
    "condition": lambda: set(CONDITIONS),
    "during": lambda: set(DURINGS),
    "burst": lambda: set(BURST_CONDITIONS) | set(BURST_EVENTS),
    "forbid": lambda: set(FORBIDS),
    "keyword": lambda: set(KEYWORDS),
    "once": lambda: set(ONCE),
}


@pytest.fixture(scope="module")
def used() -> dict[str, set]:
    return _used()


@pytest.mark.parametrize("kind", sorted(VOCABULARY))
def test_every_word_is_used_by_a_card_in_a_shipped_deck(kind: str, used: dict[str, set]) -> None:
    known = VOCABULARY[kind]()
    assert known, f"no {kind} is known: the registry was not filled"
    assert sorted(known - used[kind]) == [], f"{kind}s no card in a shipped deck uses"


def test_every_kind_of_continuous_effect_holds_in_self_play() -> None:
    """Self-play with the shipped decks that carry continuous effects: every modifier and every
    "cannot" is seen holding (`bs-tui selfplay`'s `continuous_*` counts), and the silence a
    Hush Edict leaves lasts (`lasting_silence_summoned`); every game within the invariants."""
    db = load_cards()
    decks = [
        str(p)
        for p in shipped_decks()
        if any(any(e.when == "continuous" for e in db[cid].effects) for cid, _ in load_deck(p, db).cards)
    ]
    res = selfplay(60, 3, ("random", "random"), decks=decks)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    want = {f"continuous_{m}" for m in MODIFIERS if m != "forbid"} | {f"continuous_forbid_{w}" for w in FORBIDS}
    want.add("lasting_silence_summoned")
    assert sorted(want - set(res.systems)) == []
