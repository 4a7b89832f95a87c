""" "Why not?" links: a reason the table gives for an option it cannot take, or a keyword
in the Card pane, tied to the shipped lesson that teaches the rule behind it."""

from __future__ import annotations

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
VERB_FIRST = ("attack", "block")  # refusals whose words (exhausted, …) name no rule of their own
# words of a reason that name its rule better than the verb does (first match wins; plain
# lower-case words, no regular expressions: this module is read at the table's start)
WORD_TOPICS = [
    (("flash", "swift"), "flash-timing"),
    (("soul core",), "soul-core"),
    (("ultimate",), "ultimates"),
    (("burst",), "bursts"),
    (("mirage",), "mirages"),
    (("imagine",), "imagine"),
    (("myth",), "myth"),
    (("brave",), "braves"),
    (("advent",), "advent"),
    (("contract", "soul state"), "contracts"),
    (("over count", "(oc)", " oc "), "over-count"),
    (("token",), "tokens"),
    (("open area",), "open-area"),
    (("walker",), "grandwalkers"),
    (("astral",), "astral-stones"),
    (("rebirth", "revival"), "rebirth"),
    (("turn 1 ", "turn 1.", "first turn"), "setup"),
    (("exhausted", "cannot block"), "block"),
    (("deplet", "level"), "core-moves"),
    (("cost", "pay", "core"), "cost"),
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
    if verb in VERB_FIRST:  # "exhausted", say, is about attacking or blocking as the verb says
        return VERB_TOPICS[verb]
    said = f" {reason.lower()} "
    for words, topic in WORD_TOPICS:
        if any(w in said for w in words):
            return topic
    return VERB_TOPICS.get(verb)


def lesson_for_reason(reason: str, verb: str = "") -> Entry | None:
    """The lesson behind a reason an option cannot be taken (None when none teaches it)."""
    topic = topic_for(reason, verb)
    return by_topic(topic) if topic else None


def lesson_for_keyword(key: str) -> Entry | None:
    topic = KEYWORD_TOPICS.get(key)
    return by_topic(topic) if topic else None
