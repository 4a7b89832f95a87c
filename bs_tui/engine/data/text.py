"""Card text generated from the effect data the engine executes, so that what a player
reads is what happens."""

from __future__ import annotations

from ..core.registry import BURST_EVENTS, CONDITIONS, MODIFIERS, TIMINGS, VERBS
from .cards import BraveCondition, CardDef, Effect, Keyword, Step

COLOUR_LETTERS = {"red": "R", "purple": "P", "green": "G", "white": "W", "yellow": "Y", "blue": "U"}

WHEN = {
    "burst": "Burst",
    "summoned": "When summoned",
    "attacks": "When attacks",
    "blocks": "When blocks",
    "destroyed": "When destroyed",
    "life_reduced": "When your life is reduced",
    "main": "Main",
    "flash": "Flash",
    "advents": "When this spirit advents",
    "reborn": "When this reborns",
    "leaves": "When this leaves the field",
    "manifests": "When this spirit manifests",
    "continuous": "Continuous",
}
# `during` (`model.conditions.DURING`): the span of the game an effect works in
DURING = {
    "your_turn": "During your turn",
    "opponent_turn": "During your opponent's turn",
    "advent": "While you perform an advent",
    "battle": "While this spirit battles",
    "attack_step": "During your Attack Step",
}
WHEN_OWN = {
    "summoned": "When one of your spirits is summoned",
    "attacks": "When one of your spirits attacks",
    "blocks": "When one of your spirits blocks",
    "destroyed": "When one of your spirits is destroyed",
    "advents": "When one of your spirits advents",
    "reborn": "When one of your spirits reborns",
}


BRAVED_TAGS = {
    "any": "[Braved]",
    "left": "[Left Braved]",
    "right": "[Right Braved]",
    "spirit": "[Spirit/Ultimate Braved]",
    "nexus": "[Nexus Braved]",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


BURST_CONDITIONS = {
    "life_reduced": "after your life is reduced",
    "spirit_destroyed": "after your spirit is destroyed by the opponent",
    "spirit_left": "after your spirit leaves the field because of the opponent",
    "opponent_summons": "after your opponent summons a spirit",
    "opponent_attacks": "after your opponent's attack",
}
KEYWORD_TEXT = {
    "clash": "Clash (when this spirit attacks, the opponent must block if able)",
    "armor": "Armor: {c} (unaffected by the opponent's {c} effects)",
    "heavy_armor": "Heavy Armor: {c} (all your field cards are unaffected by the opponent's {c} effects)",
    "super_armor": "Super Armor: {c} (unaffected by the opponent's {c} effects, those of bursts and mirages too)",
    "crush": "Crush (when this spirit attacks, discard as many cards from the top of the opponent's deck as its level)",
    "swift": "Swift (can be summoned in flash timing, using cores from your reserve)",
    "awaken": "Awaken (when summoned, you may move cores from your other field cards onto it)",
    "assault": (
        "Assault: {n} (when this spirit attacks, by exhausting one of your nexuses, "
        "refresh this spirit; {times} a turn)"
    ),
    "seal": "Seal (when summoned, your Soul Core goes to your life)",
}


def target_phrase(s: Step) -> str:
    t = s.get("target", "opponent_spirit")
    if t == "this":
        return "this spirit"
    if t == "event":
        return "that spirit"
    noun = {
        "opponent_spirit": "opposing spirit",
        "own_spirit": "of your spirits",
        "other_own_spirit": "of your other spirits",
        "spirit": "spirit",
        "opponent_nexus": "opposing nexus",
        "own_nexus": "of your nexuses",
        "opponent_ultimate": "opposing ultimate",
        "opponent_spirit_or_ultimate": "opposing spirit or ultimate",
        "opponent_card": "opposing card on the field",
        "opponent_grandwalker": "opposing grandwalker nexus",
        "own_ultimate": "of your ultimates",
        "own_spirit_or_ultimate": "of your spirits or ultimates",
        "opponent_astral_stone": "opposing astral stone nexus",
        "opponent_brave": "opposing brave",
        "own_soul_state": "of your cards in soul state",
        "opponent_soul_state": "opposing card in soul state",
    }[t]
    count = s.get("count", 1)
    if s.get("all", False):
        base = {
            "opponent_spirit": "all opposing spirits",
            "own_spirit": "all your spirits",
            "spirit": "all spirits",
            "opponent_nexus": "all opposing nexuses",
            "opponent_ultimate": "all opposing ultimates",
            "opponent_spirit_or_ultimate": "all opposing spirits and ultimates",
            "opponent_card": "all opposing cards on the field",
            "opponent_grandwalker": "all opposing grandwalker nexuses",
            "other_own_spirit": "all your other spirits",
            "own_nexus": "all your nexuses",
            "own_ultimate": "all your ultimates",
            "own_spirit_or_ultimate": "all your spirits and ultimates",
            "opponent_astral_stone": "all opposing astral stone nexuses",
            "opponent_brave": "all opposing braves",
            "own_soul_state": "all your cards in soul state",
            "opponent_soul_state": "all opposing cards in soul state",
        }[t]
    elif t == "own_spirit":
        base = (
            f"{'up to ' if s.get('up_to', False) else ''}{count} of your spirits"
            if count > 1
            else ("up to 1 of your spirits" if s.get("up_to", False) else "1 of your spirits")
        )
    elif noun.startswith("of your"):  # "1 of your ultimates", "2 of your other spirits"
        base = f"{'up to ' if s.get('up_to', False) else ''}{count} {noun}"
    else:
        word = noun if count == 1 else noun.replace("nexus", "nexuse") + "s"
        if t == "opponent_card" and count != 1:
            word = "opposing cards on the field"
        if t == "opponent_soul_state" and count != 1:
            word = "opposing cards in soul state"
        base = f"{'up to ' if s.get('up_to', False) else ''}{count} {word}"
    quals = []
    if s.get("state") == "exhausted":
        quals.append("exhausted")
    if s.get("state") == "refreshed":
        quals.append("refreshed")
    if quals:
        base = base.replace("opposing", "exhausted opposing" if "exhausted" in quals else "refreshed opposing")
        if "opposing" not in base:
            base += f" that {'are' if count > 1 or s.get('all', False) else 'is'} {quals[0]}"
    if s.get("colour") is not None:
        base = base.replace("spirit", f"{s.get('colour')} spirit", 1)
    if s.get("only_colours") is not None:  # Q&A A13: exactly these colours
        cols = s.get("only_colours")
        words = f"mono-{cols[0]}" if len(cols) == 1 else "-".join(cols) + " (those colours only)"
        base = base.replace("spirit", f"{words} spirit", 1)
    if s.get("token") is not None:  # after the colour: "a red token spirit"
        base = base.replace("spirit", "token spirit" if s.get("token") else "non-token spirit", 1)
    if s.get("name") is not None:
        base = named(base, s.get("name"))
    if s.get("card_name") is not None:
        base += f' named "{s.get("card_name")}"'  # the whole card name (001: 卡名：「○○○」)
    if s.get("family") is not None:
        base += f" of the family {s.get('family')}"
    if s.get("max_bp") is not None:
        base += f" with {s.get('max_bp')} BP or less"
    if s.get("max_cost") is not None:
        base += f" with cost {s.get('max_cost')} or less"
    if s.get("min_cost") is not None:
        base += f" with cost {s.get('min_cost')} or more"
    return base


def step_text(s: Step) -> str:
    """What a step does, as the card reads: each verb says it (`Verb.text`, in the module that
    defines the verb), so that the text is generated from what runs."""
    return VERBS[s.verb].text(s)


def lower_first(text: str) -> str:
    return text[0].lower() + text[1:] if text else text


def steps_text(steps: tuple[Step, ...]) -> str:
    return " ".join(step_text(x) for x in steps)


def level_tag(levels: tuple[int, ...]) -> str:
    if not levels:
        return ""
    lv = sorted(levels)
    if lv == list(range(lv[0], lv[-1] + 1)):
        return "[" + "-".join(f"Lv{x}" for x in lv) + "] "
    return "".join(f"[Lv{x}]" for x in lv) + " "


# 001's wording: [once per turn: same name], [once per game: same name] (a whole game)
ONCE_TAGS = {
    "": "",
    "turn": "[Once per turn] ",
    "turn_name": "[Once per turn: same name] ",
    "game_name": "[Once per game: same name] ",
}


def named(phrase: str, part: str) -> str:
    """A condition on part of a card's name, written as just "○○○" (001: 「○○○」)."""
    for noun in ("spirit", "ultimate", "nexus", "card", "magic"):
        if noun in phrase:
            return phrase.replace(noun, f'"{part}" {noun}', 1)
    return f'{phrase} "{part}"'


def effect_text(e: Effect, kind: str = "spirit") -> str:
    if e.when in TIMINGS:  # a timing a rule module adds says its own words
        t = TIMINGS[e.when]
        head = t.own if e.scope == "own_spirit" else t.text
    else:
        head = WHEN_OWN[e.when] if e.scope == "own_spirit" else WHEN[e.when]
    if e.when == "burst":
        head = f"Burst: {BURST_CONDITIONS.get(e.condition) or BURST_EVENTS[e.condition]}"
    if e.during:
        head = DURING[e.during] if e.when == "continuous" else f"{DURING[e.during]}, {lower_first(head)}"
    if e.when == "continuous":
        body = " ".join(MODIFIERS[s.verb].text(s) for s in e.steps)
    else:
        body = " ".join(step_text(s) for s in e.steps)
    if e.change is not None:
        head, body = change_text(e, head, body)
    if e.cond:
        words = " and ".join(CONDITIONS[k].text(v) for k, v in e.cond)
        body = f"{'While' if e.when == 'continuous' else 'If'} {words}, {lower_first(body)}"
    if e.may:
        body = "You may: " + body[0].lower() + body[1:]
    if e.follow_up in ("flash", "main"):  # 000 ch.2 §2 ③: its Main or Flash effect
        body += f" Then, by paying the cost, use this card's {e.follow_up.title()} effect."
    elif e.follow_up == "summon":
        body += " Then, by paying the cost, summon this card."
    tags = ""
    if e.braved:
        tags += BRAVED_TAGS[e.braved] + " "
    if e.mirage:
        tags += "[Set] "
    if e.sealed:
        tags += "[While sealed] "
    if e.min_count:
        tags += f"[Count {e.min_count}] "
    # 【魂状态】【契约煌临元】/【战魂】 (000 ch.2 §8): the forms it works in besides its own
    forms = ("[Soul State]" if e.soul else "") + ("[Contract Advent Source]" if e.contract_source else "")
    if forms:
        tags += f"{forms}/{'[Ultimate]' if kind == 'ultimate' else '[Spirit]'} "
    if e.oc:
        tags += "[OC & During Advent] " if e.during_advent else "[OC] "  # 【OC中＆煌临中】 needs both (001)
    elif e.during_advent:
        tags += "[During Advent] "
    if e.once in ("turn_tag", "game_tag"):  # 001: 〔每回合1次：【霸导】〕
        tags += f"[Once per {'turn' if e.once == 'turn_tag' else 'game'}: 【{e.once_tag}】] "
    else:
        tags += ONCE_TAGS[e.once]
    if e.no_duplicates:
        tags += "[No duplicates] "
    if e.skill:
        ascension = any(s.verb == "ascend" for s in e.steps)
        tags += f"[{'Ascension' if ascension else 'Grand Skill'}: {e.skill}] "
    level = "" if e.braved or e.mirage else level_tag(e.levels)
    return f"{tags}{level}{head}: {body}"


def change_text(e: Effect, head: str, body: str) -> tuple[str, str]:
    """【变换】 Change (systems/change.py): the cost it is used for from the hand, the effect,
    then what becomes of the card (discarded, or exchanged with one of your spirits)."""
    ch = e.change
    assert ch is not None
    red = "".join(COLOUR_LETTERS.get(x, x[0].upper()) for x in ch.reduction)
    cost = f"cost {ch.cost}" + (f" [{red}]" if red else "")
    whom = "1 of your spirits"
    cond = []
    if ch.family:
        whom += f" of the family {ch.family}"
    if ch.min_cost:
        cond.append(f"cost {ch.min_cost} or more")
    if ch.max_cost >= 0:
        cond.append(f"cost {ch.max_cost} or less")
    if cond:
        whom += " with " + " and ".join(cond)
    after = (
        f" Afterwards, discard this card, or exchange it with {whom}: this card goes onto the field"
        " refreshed (a battling spirit's battle goes on with it) and that spirit returns to your hand."
    )
    return f"{head}: Change ({cost}, used from your hand)", body + after


def keyword_text(k: Keyword) -> str:
    times = "once" if k.n == 1 else f"up to {k.n} times"
    t = KEYWORD_TEXT[k.name].format(c="/".join(k.colours), n=k.n, times=times)
    return f"{level_tag(k.levels)}{t}"


def card_text(c: CardDef) -> list[str]:
    """The card as a player reads it; a rebirth card's back face follows its front (000
    ch.2 §7: where the card can be seen, both faces can)."""
    lines = _face_text(c)
    if c.back is not None:
        lines.append(f"Back face (after rebirth): {card_summary(c.back)}")
        lines.extend("  " + line for line in _face_text(c.back))
    return lines


def _face_text(c: CardDef) -> list[str]:
    lines = [keyword_text(k) for k in c.keywords]
    if c.kind == "brave":
        lines.append(brave_condition_text(c))
    if c.summon_count:
        what = f"{c.summon_colour} spirit" if c.summon_colour else "spirit"
        lines.append(f"Summon condition: {c.summon_count} or more {what}s on your field.")
    if c.advent_timings:
        lines.append(advent_text(c))
    if c.charge_kinds:
        what = " or ".join(f"{k} cards" for k in c.charge_kinds)
        cond = [f"cost {c.charge_min_cost} or more"] if c.charge_min_cost else []
        if c.charge_families:
            cond.append("family " + " or ".join(c.charge_families))
    if c.charge_kinds and c.contract:  # a contract grandwalker charges by its True Core Charge only
        lines.append(
            f"Core Charge condition (for its True Core Charge): {what}{' with ' + ' and '.join(cond) if cond else ''}."
        )
    elif c.charge_kinds:
        lines.append(
            f"Core Charge: {what}{' with ' + ' and '.join(cond) if cond else ''} (when deployed, you may trash "
            "the top 3 cards of your deck: a core from the void onto this for each that meets it; then you may "
            "place one for each such card you summon or advent)."
        )
    if c.contract and c.walker:
        lines.append("Contract grandwalker: its levels read your count, not the cores on it.")
    if c.revival:
        lines.append("Revival (your Main Step): from soul state, deploy it again by paying its cost.")
    if c.contract:
        lines.append(
            "Contract card: one kind in a deck, at most 3; you may start with one in your hand; when it"
            " leaves the field because of the opponent it may stay there in soul state."
        )
    if c.oc:
        lines.append(f"Over Count {c.oc}: BP +{c.oc_bp} while your count is {c.oc} or more (OC).")
    if c.manifest:
        lines.append(
            f"Manifest (your Main Step): summon this paying one core of your grandwalker \u201c{c.manifest}\u201d "
            "and the rest from your life, field and reserve."
        )
    if c.token:
        lines.append("Token: kept outside the deck; only effects put it onto the field, and it returns to the stock.")
    if c.trigger_counter:
        lines.append(
            "[Trigger Counter] (when an opponent's U-Trigger sends this card to the trash, it is guarded "
            "whatever the costs)"
        )
    if c.mirage_cost >= 0:
        lines.append(f"Mirage: cost {c.mirage_cost} (set face up from your hand).")
    if c.any_number:
        lines.append("A deck may hold any number of this card.")
    if c.ident:
        lines.append(
            f"Identification number 〔{c.ident}〕: a card of another number is another card, even of this name."
        )
    effects = [effect_text(e, c.kind) for e in c.effects]
    if c.walker:  # a grandwalker's level effects are its Grand Field, an astral stone's its Mystery (ch.2 §6)
        field = ("[Contract Field] " if c.contract else "[Grand Field] ") if c.grandwalker else "[Mystery] "
        effects = [field + t if e.levels and not e.skill else t for e, t in zip(c.effects, effects, strict=True)]
        if c.contract:
            effects = [t.replace("[Grand Skill:", "[Contract Skill:") for t in effects]
    if c.kind == "ultimate":  # 000 ch.2 §4: an ultimate is no spirit, and its text says so
        effects = [t.replace("this spirit", "this ultimate") for t in effects]
    elif c.kind == "nexus":  # "exhaust this spirit" written on a nexus means the nexus
        effects = [t.replace("this spirit", "this nexus") for t in effects]
    return lines + effects


def advent_text(c: CardDef) -> str:
    """The advent line: plain, contract, God (a grandwalker's cores may pay instead of the
    Soul Core) or Super (the Soul Core is gathered onto the spirit) advent (000 ch.2 §5)."""
    cond = []
    if c.advent_min_cost:
        cond.append(f"cost {c.advent_min_cost} or more")
    if c.advent_family:
        cond.append(f"family {c.advent_family}")
    when = " and ".join({"main": "your Main Step", "flash": "flash timing"}[x] for x in c.advent_timings)
    name = "Contract advent" if c.advent_contract else "Advent"
    if c.advent_super:
        name = "Super contract advent" if c.advent_contract else "Super advent"
    elif c.advent_god:
        name = "God advent"
    onto = f"onto your spirit or ultimate{' with ' + ' and '.join(cond) if cond else ''}"
    if c.advent_contract:
        onto += ", or a card of yours in soul state"
    if c.advent_super:
        how = "then your Soul Core goes onto it from your life, field, reserve or trash"
    else:
        how = f"moving your Soul Core to the {c.advent_soul}"
        if c.advent_god:
            how += f" or {plural(c.advent_god, 'core')} of one of your grandwalker nexuses to the void"
    return f"{name} ({when}): {onto}, {how}."


def brave_condition_text(c: CardDef) -> str:
    """The brave condition line: an ordinary brave's, an imagine brave's two sides, a myth
    brave's two conditions (000 ch.2 §1)."""
    host = "a spirit or ultimate" if c.brave_ultimate else "a spirit"
    main = f"{host}{BraveCondition(c.brave_min_cost, c.brave_family).words()}"
    if c.imagine:
        right = f"a spirit{c.brave_right.words()}" if c.brave_right is not None else "the same"
        return (
            f"Imagine brave: braved to up to two spirits, one at a time. Brave condition: left, {main}; "
            f"right, {right}. Braved: BP +{c.brave_bp} to each. As a spirit it is never exhausted and "
            "neither attacks nor blocks."
        )
    if c.brave_nexus is not None:
        return (
            f"Myth brave. Brave condition: {main}, or a grandwalker nexus{c.brave_nexus.words()}. "
            f"Braved: BP +{c.brave_bp} (none to a nexus)."
        )
    return f"Brave condition: {main}. Braved: BP +{c.brave_bp}."


def card_summary(c: CardDef) -> str:
    """One line: name, kind, colours, cost and reduction, levels and symbols."""
    red = "".join(COLOUR_LETTERS.get(x, x[0].upper()) for x in c.reduction)
    parts = [f"{c.name} ({c.id})", c.kind, "/".join(c.colours), f"cost {c.cost}" + (f" [{red}]" if red else "")]
    if c.kind in ("spirit", "ultimate", "brave"):
        parts.append(" ".join(f"Lv{lv}:{n}c/{bp}" for lv, n, bp in zip(c.levels, c.lv_cores, c.lv_bp, strict=True)))
    elif c.kind == "nexus" and len(c.lv_cores) > 1:
        parts.append(" ".join(f"Lv{i + 1}:{n}c" for i, n in enumerate(c.lv_cores)))
    if c.symbols:
        parts.append("symbols " + " ".join("+".join(s) for s in c.symbols))
    return " · ".join(parts)
