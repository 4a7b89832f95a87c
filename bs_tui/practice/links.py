""" "Why not?" links: a reason the table gives for an option it cannot take, or a keyword
in the Card pane, tied to the shipped lesson that teaches the rule behind it."""

from __future__ import annotations

import re

from .catalogue import Entry, by_topic

# what a refused action is about, by the action's verb
VERB_TOPICS = {
    "summon": "cost",
    "deploy": "cost",
    "magic": "cost",
    "set_burst": "bursts",
    "set_mirage": "mirages",
    "advent": "advent",
    "revive": "rebirth",
    "manifest": "grandwalkers",
    "skill": "grandwalkers",
    "brave": "braves",
    "attack": "attack",
    "block": "block",
}
# words of a reason that name its rule better than the verb does (first match wins)
WORD_TOPICS = [
    (re.compile(r"flash|swift", re.I), "flash-timing"),
    (re.compile(r"soul core", re.I), "soul-core"),
    (re.compile(r"ultimate", re.I), "ultimates"),
    (re.compile(r"burst", re.I), "bursts"),
    (re.compile(r"mirage", re.I), "mirages"),
    (re.compile(r"imagine", re.I), "imagine"),
    (re.compile(r"\bmyth", re.I), "myth"),
    (re.compile(r"brave", re.I), "braves"),
    (re.compile(r"advent", re.I), "advent"),
    (re.compile(r"contract|soul state", re.I), "contracts"),
    (re.compile(r"over count|\bOC\b", re.I), "over-count"),
    (re.compile(r"token", re.I), "tokens"),
    (re.compile(r"open area", re.I), "open-area"),
    (re.compile(r"grandwalker|walker", re.I), "grandwalkers"),
    (re.compile(r"astral", re.I), "astral-stones"),
    (re.compile(r"rebirth|revival", re.I), "rebirth"),
    (re.compile(r"turn 1\b|first turn", re.I), "setup"),
    (re.compile(r"exhausted|cannot block", re.I), "block"),
    (re.compile(r"deplet|level", re.I), "core-moves"),
    (re.compile(r"cost|pay|core", re.I), "cost"),
]
# the keywords of the Card pane (tui/glossary.py) and the rule topic each belongs to
KEYWORD_TOPICS = {
    "clash": "may-must-cannot",
    "swift": "flash-timing",
    "flash": "flash-timing",
    "burst": "bursts",
    "mirage": "mirages",
    "brave": "braves",
    "ultimate": "ultimates",
    "advent": "advent",
    "god_advent": "advent",
    "super_advent": "advent",
    "contract_advent": "contracts",
    "contract": "contracts",
    "soul_state": "contracts",
    "over_count": "over-count",
    "count": "over-count",
    "grandwalker": "grandwalkers",
    "rebirth": "rebirth",
    "token": "tokens",
    "open_area": "open-area",
    "continuous": "simultaneous",
}


def topic_for(reason: str, verb: str = "") -> str | None:
    for words, topic in WORD_TOPICS:
        if words.search(reason):
            return topic
    return VERB_TOPICS.get(verb)


def lesson_for_reason(reason: str, verb: str = "") -> Entry | None:
    """The lesson behind a reason an option cannot be taken (None when none teaches it)."""
    topic = topic_for(reason, verb)
    return by_topic(topic) if topic else None


def lesson_for_keyword(key: str) -> Entry | None:
    topic = KEYWORD_TOPICS.get(key)
    return by_topic(topic) if topic else None
