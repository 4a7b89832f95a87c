"""The rules behind the words on a card, told in place: each keyword of the card set with
what it does and where the rules say so (000 is the rulebook, 16.0; 003 the notes on
rulings), and a short page on how a turn goes.

The card's own line ("Clash (when this spirit attacks, …)") is `engine.text`; this is
the longer explanation a newcomer reads beside it."""

from __future__ import annotations

from dataclasses import dataclass

from bs_tui.engine.data.cards import CardDef


@dataclass(frozen=True, slots=True)
class Rule:
    name: str  # as the card says it
    text: str  # what it does, in a few sentences
    source: str  # where the rules say so


KEYWORDS: dict[str, Rule] = {
    "clash": Rule(
        "Clash",
        "When this spirit attacks, the defending player must block with one of their refreshed "
        "spirits if they can; taking the hit is not offered. A spirit that cannot block is not "
        "forced to: a \u201ccannot\u201d always wins over a \u201cmust\u201d.",
        "000 ch.1 §6.3 Block declaration; ch.2 §10 Q&A, effects in general, A3",
    ),
    "armor": Rule(
        "Armor",
        "This card is unaffected by the opponent's effects of the colours named. Your own "
        "effects still reach it. A braved spirit shares an Armor of either of its two cards.",
        "000 ch.2 §10 Q&A, effects in general, A4; 003 braved braves",
    ),
    "heavy_armor": Rule(
        "Heavy Armor",
        "Every card on your field is unaffected by the opponent's effects of the colours named, "
        "as long as this card is on the field. It keeps out even a burst's effect.",
        "000 ch.2 §2 Bursts; ch.2 §10 Q&A, effects in general, A4",
    ),
    "super_armor": Rule(
        "Super Armor",
        "This card is unaffected by the opponent's effects of the colours named, the effects of "
        "an activated burst or a set mirage among them.",
        "000 ch.2 §2 Bursts (line 500), §3 Mirages (line 524)",
    ),
    "continuous": Rule(
        "Continuous",
        "A continuous effect works for as long as its conditions hold (the card on the field, at "
        "the level, while set, during your turn, …) and stops the moment they do not: it is read "
        "anew whenever it matters. \u201cCannot\u201d beats \u201cmust\u201d, which beats \u201cdo\u201d and "
        "\u201cmay\u201d; Armor keeps out a \u201ccannot activate\u201d unless it cannot be prevented.",
        "000 ch.1 simultaneous effects (line 409); ch.2 §10 Q&A, effects in general, A2–A4",
    ),
    "crush": Rule(
        "Crush",
        "When this spirit attacks, the opponent discards cards from the top of their deck to the "
        "trash, one per level of this spirit. A player whose deck is empty at the start of their "
        "turn loses.",
        "003 discarding from the deck; 000 victory conditions",
    ),
    "swift": Rule(
        "Swift",
        "This spirit can be summoned in flash timing too, not only in your Main Step. Its cost "
        "and its Lv1 cores must then come from your reserve alone. A brave with Swift does not "
        "give Swift to the spirit it is braved to.",
        "000 ch.1 §6.2 Flash timing; 003 braved braves",
    ),
    "awaken": Rule(
        "Awaken",
        "When this spirit is summoned, you may move any number of cores (none too) from your "
        "other field cards onto it. The reserve is not a source; a card left below its Lv1 cores "
        "is depleted.",
        "000 ch.1 §5.1 Summoning, §5.6 Moving cores",
    ),
    "assault": Rule(
        "Assault",
        "When this spirit attacks, you may exhaust one of your refreshed nexuses to refresh this "
        "spirit, so it can attack again; as many times a turn as the number says.",
        "000 ch.1 §6.1 Attack declaration; ch.2 §6 (nexuses that Assault cannot exhaust)",
    ),
    "seal": Rule(
        "Seal",
        "When this spirit is summoned, your Soul Core goes from wherever it is to your life, "
        "adding one life. [While sealed] effects work while the Soul Core is in your life. Seal "
        "is the one effect that can move the Soul Core to the life.",
        "000 ch.1 §3 the Soul Core; glossary, Seal",
    ),
    "chain": Rule(
        "Chain",
        "An extra part of an effect that happens only when its condition is met, usually a "
        "symbol of the named colour on your field.",
        "000 glossary, Chain",
    ),
    "burst": Rule(
        "Burst",
        "Set face down from your hand in your Main Step, once a turn. When its condition is met "
        "(for example after your life is reduced) you may activate it for free; afterwards you "
        "may pay its cost to use its flash effect or summon it as well.",
        "000 ch.2 §2 Bursts",
    ),
    "mirage": Rule(
        "Mirage",
        "Set face up from your hand by paying its mirage cost, once a turn, over your burst "
        "area. Its [Set] effects work while it stays set; a new mirage sends the old one back "
        "to your hand.",
        "000 ch.2 §3 Mirages",
    ),
    "brave": Rule(
        "Brave",
        "Summoned on its own like a spirit, or braved to a spirit that meets its condition. A "
        "braved spirit counts as one spirit with both cards' colours, costs and symbols, and "
        "the brave's BP added.",
        "000 ch.2 §1 Braves",
    ),
    "ultimate": Rule(
        "Ultimate",
        "Attacks and blocks like a spirit but is not a spirit: effects that name spirits do not reach it. "
        "Besides its cost it needs its summon condition met; its levels run from Lv3, and its symbols "
        "reduce no coloured cost.",
        "000 ch.2 §4 Ultimates",
    ),
    "advent": Rule(
        "Advent",
        "At the timing it names, without paying its cost, the card goes on top of one of your spirits "
        "that meets its condition, and your Soul Core is used (moved where it says). It is not a summon; "
        "no core moves (but a contract advent onto a card in soul state places the spirit's cores as a "
        "summon does); the spirit under it becomes its advent source. [During Advent] effects work while "
        "a source is under it.",
        "000 ch.2 §5 Advent; 001 contract advent",
    ),
    "god_advent": Rule(
        "God advent",
        "An advent that you may pay either with your Soul Core, as any advent, or by moving the cores the "
        "card names from one of your grandwalker nexuses to the void (the Soul Core then stays where it is). "
        "It counts as an advent for every effect.",
        "000 ch.2 §5 Q&A A7 (神煌临); the payment is this game's reading: the rulebook gives none",
    ),
    "super_advent": Rule(
        "Super advent",
        "An advent that spends nothing: your Soul Core comes onto the new spirit from wherever it is "
        "(your life, field, reserve or trash; from the life, that reduces your life). Not once a Soul "
        "Drive has removed the Soul Core from the game. It counts as an advent for every effect.",
        "000 ch.2 §5 Q&A A7 (超煌临); the official Q&A on 超契約煌臨",
    ),
    "change": Rule(
        "Change",
        "Used from your hand at the timing it names, paying the Change's own cost (your symbols reduce "
        "it). After its effect, discard the card or exchange it with one of your spirits that meets the "
        "condition: it comes onto the field refreshed and goes on with that spirit's battle, and the "
        "spirit returns to your hand.",
        "000 Q&A 关于描述的变更 A3 (变换); 003 on exchanges",
    ),
    "soul_drive": Rule(
        "Soul Drive",
        "The ultimate's Soul Core is removed from the game to use the effect: it never comes back, so a "
        "player can do it once a game. Not when the ultimate would be left below its lowest level.",
        "000 ch.2 §4 Ultimates; the official rule (the Soul Core removed from the game)",
    ),
    "contract_advent": Rule(
        "Contract advent",
        "An advent that may also go straight onto a card of yours in soul state, which becomes its advent "
        "source; the contract card under it then gives it its [Contract Advent Source] effects, whatever "
        "the level. It counts as advent too: it may advent onto a spirit that meets the condition.",
        "001 contract advent (契约煌临)",
    ),
    "contract": Rule(
        "Contract card",
        "A deck holds one kind of contract card, at most 3. Before the deal you may set one aside and "
        "start with it in your hand, shown to your opponent (you then draw 3). When it leaves the field "
        "because of the opponent (destroyed, depleted, returned), you may leave it on the field in soul "
        "state instead.",
        "001 contract cards; 000 ch.1 §3, ch.2 §8",
    ),
    "soul_state": Rule(
        "Soul state",
        "A contract card kept on the field: its cores go to your reserve and none can be put on it; it "
        "cannot attack or block; its symbols reduce nothing; only its own effects and those naming soul "
        "state reach it. Its [Soul State] effects work there with no level.",
        "001 soul state (魂状态); 000 ch.2 §8",
    ),
    "over_count": Rule(
        "Over Count (OC)",
        "While your count is at least the card's OC number, it gets its OC BP+ whatever its level and "
        "its [OC] effects work; they stop as soon as the count falls below, though \u201cthis turn\u201d "
        "effects already begun go on.",
        "001 Over Count",
    ),
    "count": Rule(
        "Count",
        "Cores an effect moves from the void to your count zone (\u201cCount +1\u201d) or back. They are "
        "not field cores: nothing pays with them; effects marked [Count N] work while you have N or more.",
        "002 count; 001 wording",
    ),
    "grandwalker": Rule(
        "Grandwalker",
        "A nexus deployed with no cores on it; its cores come by Core Charge (from the void as your "
        "cards meet its condition) and pay its Grand Skills by going to the void. Only effects that name "
        "grandwalkers reach it. A contract grandwalker's levels read your count.",
        "000 ch.2 §6 Grandwalker nexuses",
    ),
    "rebirth": Rule(
        "Rebirth",
        "A card with two faces. On the field, an effect may turn it to its back face (sometimes another "
        "kind of card); off the field it is its front face again.",
        "000 ch.2 §7 Rebirth cards",
    ),
    "token": Rule(
        "Token",
        "Kept outside the deck, in a stack both players can see. It comes onto the field only by an "
        "effect, with its Lv1 cores placed, and acts as a spirit there; leaving the field, it goes back "
        "to its stack.",
        "000 ch.2 §9 Tokens",
    ),
    "open_area": Rule(
        "Open area",
        "Cards put face up beside a player by an effect. They can be used as if they were in the hand, "
        "but they are not in the hand (effects on the hand miss them) and a burst there cannot be set.",
        "003 open-area cards (手元)",
    ),
    "flash": Rule(
        "Flash",
        "A flash effect can be used in your Main Step and in flash timing: after an attack is "
        "declared and after a block, the defending player first, until both pass in a row.",
        "000 ch.1 §6.2 and §6.4 Flash timing",
    ),
}


KEY_OF = {r.name: k for k, r in KEYWORDS.items()}  # a keyword's name as the card says it -> its key


def keywords_of(c: CardDef) -> list[Rule]:
    """The keywords and rule words on card `c`, in the order a reader meets them."""
    names = [k.name for k in c.keywords]
    if any(s.verb == "chain" for e in c.effects for s in e.steps):
        names.append("chain")
    if c.kind == "brave":
        names.append("brave")
    if c.burst is not None:
        names.append("burst")
    if c.mirage_cost >= 0:
        names.append("mirage")
    if c.effects_for("flash"):
        names.append("flash")
    if any(e.when == "continuous" for e in c.effects):
        names.append("continuous")
    if c.kind == "ultimate":
        names.append("ultimate")
    if c.contract:
        names += ["contract", "soul_state"]
    if c.advent_timings:
        names.append("contract_advent" if c.advent_contract else "advent")
        if c.advent_god:
            names.append("god_advent")
        if c.advent_super:
            names.append("super_advent")
    if any(e.change is not None for e in c.effects):
        names.append("change")
    if any(s.verb == "soul_drive" for e in c.effects for s in e.steps):
        names.append("soul_drive")
    if c.oc:
        names.append("over_count")
    if c.walker and c.grandwalker:
        names.append("grandwalker")
    if any(s.verb == "count" for e in c.effects for s in e.steps) or any(e.min_count for e in c.effects):
        names.append("count")
    if c.back is not None or c.is_back:
        names.append("rebirth")
    if c.token:
        names.append("token")
    seen: list[str] = []
    for n in names:
        if n in KEYWORDS and n not in seen:
            seen.append(n)
    return [KEYWORDS[n] for n in seen]


TURN_INTRO = (
    "You win when the opponent's life is 0, or when their deck is empty at the start of their turn. "
    "Each turn has seven steps; the table plays the automatic ones for you."
)
TURN_STEPS = (
    ("1 Start", "The turn begins."),
    ("2 Core", "A core from the void is added to your reserve."),
    ("3 Draw", "You draw a card."),
    ("4 Refresh", "Exhausted cards stand up; the cores you paid come back from the trash."),
    (
        "5 Main",
        "You act: summon spirits, deploy nexuses, use magic, set a burst or a mirage, move cores. A card costs "
        "cores from your reserve or your field cards; symbols of its colour on your field reduce the cost. A "
        "spirit needs its Lv1 cores on it; more cores, a higher level and BP.",
    ),
    (
        "6 Attack",
        "Attack with a refreshed spirit. The opponent may block with one of theirs (the higher BP wins, equal "
        "BP destroys both) or take the hit: one life per symbol of the attacker. Both may use flash effects "
        "first, the defender first.",
    ),
    ("7 End", "The turn passes to the other player."),
)
TURN_NOTES = (
    "On the very first turn the first player skips the Core Step and the Attack Step.",
    "A spirit left with fewer cores than its Lv1 needs is depleted: it goes to the trash.",
    "Your Soul Core (◆) is a core like the others, which some effects ask for.",
)
HOW_A_TURN_GOES = "\n".join([TURN_INTRO, *(f"{a}: {b}" for a, b in TURN_STEPS), *TURN_NOTES])
