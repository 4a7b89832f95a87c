"""Ultimates (rulebook 000 chapter 2 §4; ch.1 §2 and §5.1; 002): summoned like spirits when
their summon condition is met, levels from Lv3, attack and block like spirits but are no
spirits for effects (`predicates`), ultimate symbols that never reduce a colour.

Their special effects live here as verbs of the effect vocabulary:
- Ultimate Trigger (`u_trigger`): the top card of the opponent's deck goes to their trash;
  if this ultimate's cost is higher than that card's, it hits and `hit` happens; an equal
  or lower cost, no card, or a card with [Trigger Counter] guards it.
- Soul Drive (`soul_drive`): by removing the Soul Core on this ultimate from the game, `do`
  happens (the player chooses whether to). The seeds name the keyword only (000 ch.2 §4, line
  545); the official rule (batspi ソウルドライブ, /work/coverage/official.md) removes the Soul Core
  from the game rather than sending it to the trash: it never comes back (not by the Refresh
  Step, not by any effect), so a player can Soul Drive once a game. Its level counts the Soul
  Core, and the ultimate cannot be depleted by its own Soul Drive (as Q&A 灵魂晶核 A4 has it for
  an effect moving its own spirit's Soul Core): it is not offered then.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import SUMMON_RULES, Question, question, verb
from ..data.cards import CardDef, Step
from ..data.text import lower_first, steps_text
from ..model.game import Game
from ..model.state import SOUL_REMOVED
from ..rules import costs
from ..rules.effects import Trigger, this_card
from ..rules.verbs import Path, Verb, run_steps


def summon_blocked(g: Game, player: int, d: CardDef) -> str:
    """Why `d` cannot be summoned for want of its summon condition ("" when it can)."""
    if not d.summon_count:
        return ""
    have = sum(
        1
        for oid in g.players[player].field
        if g.field[oid].host < 0
        and not g.field[oid].leaving
        and g.defs[oid].kind in ("spirit", "brave")
        and (not d.summon_colour or d.summon_colour in costs.colours_of(g, oid))
    )
    if have >= d.summon_count:
        return ""
    what = f"{d.summon_colour} spirit" if d.summon_colour else "spirit"
    return f"summon condition: {d.summon_count} or more {what}s on your field (you have {have})"


class UTrigger(Verb):
    name = "u_trigger"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}
    nested = ("hit",)

    def text(self, s: Step) -> str:
        return f"U-Trigger: if it hits, {lower_first(steps_text(s.get('hit')))}"

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        me = this_card(g, trig)
        mine = costs.cost_of(g, me) if me in g.field else g.defs[trig[0]].cost
        opp = 1 - trig[2]
        p = g.players[opp]
        who = g.card_name(trig[0])
        if not p.deck:
            g.say(f"U-Trigger of {who}: {g.name(opp)}'s deck is empty; guarded.", tag="u_guard")
            return
        cid = p.deck.pop()
        p.trash.append(cid)
        c = g.defs[cid]
        if c.trigger_counter:
            g.say(f"U-Trigger of {who} reveals {c.name} (cost {c.cost}): Trigger Counter! Guarded.", tag="u_guard")
            return
        if mine > c.cost:
            g.say(f"U-Trigger of {who} (cost {mine}) reveals {c.name} (cost {c.cost}): hit!", tag="u_hit")
            run_steps(g, trig, path, "hit")
        else:
            g.say(f"U-Trigger of {who} (cost {mine}) reveals {c.name} (cost {c.cost}): guarded.", tag="u_guard")


class SoulDrive(Verb):
    name = "soul_drive"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}
    nested = ("do",)

    def text(self, s: Step) -> str:
        body = lower_first(steps_text(s.get("do")))
        return f"Soul Drive: by removing the Soul Core on this ultimate from the game, {body}"

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        me = this_card(g, trig)
        if me not in g.field or g.players[trig[2]].soul != me:
            return False
        # the ultimate must keep its lowest level without the Soul Core (batspi ソウルドライブ)
        return costs.cores_on(g, me) - 1 >= g.defs[me].lv1_cores

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        if not self.feasible(g, trig, s):
            me = this_card(g, trig)
            why = (
                "would leave it with too few cores"
                if me in g.field and g.players[trig[2]].soul == me
                else "needs the Soul Core on it"
            )
            g.say(f"{g.card_name(trig[0])}: Soul Drive {why}; nothing happens.")
            return
        g.ask_yes_no(
            trig[2],
            "soul_drive",
            f"Soul Drive of {g.card_name(trig[0])}: remove your Soul Core on it from the game (for good) to "
            f"{steps_text(s.get('do'))[0].lower()}{steps_text(s.get('do'))[1:]} Do it?",
            {"card": trig[0]},
            "soul_drive_answer",
            trig,
            path,
        )


@op("soul_drive_answer")
def soul_drive_answer(g: Game, answer: bool, trig: Trigger, path: Path) -> None:
    player = trig[2]
    if not answer:
        g.say(f"{g.name(player)} does not use the Soul Drive.")
        return
    g.players[player].soul = SOUL_REMOVED
    g.cores_moved = True
    g.say(
        f"Soul Drive! {g.name(player)}'s Soul Core on {g.card_name(trig[0])} is removed from the game.",
        tag="soul_drive",
    )
    run_steps(g, trig, path, "do")


for _verb in (UTrigger(), SoulDrive()):
    verb(_verb)


SUMMON_RULES.append(summon_blocked)


question("soul_drive", Question(yes="Remove the Soul Core from the game and do it", no="Keep the Soul Core"))
