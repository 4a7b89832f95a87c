"""'After this battle ends, end the Attack Step' (这次战斗终了后，结束攻击阶段: the flash effect of
绝甲冰盾, 000 ch.2 §2 l.506): the verb `end_attack_step`. Used during a battle, the Attack
Step ends once that battle is over (§6.7 l.387-399: after its "when the battle ends"
effects and the end of what lasted "this battle", where the attacking player would choose
whether to attack again): no more attacks are declared this turn, and the End Step follows.
Used outside a battle (in the Main Step) there is no "this battle": it does nothing.
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import verb
from ..data.cards import Step
from ..model.game import Game
from ..model.state import Trigger
from .verbs import Path, Verb

# the tasks that end a battle (`flow.battle_end`, then `flow.battle_over`)
ENDS = (("battle_end",), ("battle_over",))


class EndAttackStep(Verb):
    name = "end_attack_step"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {}

    def text(self, s: Step) -> str:
        return "After this battle ends, end the Attack Step."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return g.battle is not None

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        if g.battle is None:
            g.say(f"{g.card_name(trig[0])}: there is no battle; the Attack Step goes on.")
            return
        # the next work that ends this battle, from the top of the stack: the Attack Step
        # ends right after it, before the attacking player is asked to attack again
        at = next(i for i in range(len(g.tasks) - 1, -1, -1) if g.tasks[i] in ENDS)
        if at > 0 and g.tasks[at - 1][0] == "attack_step_ends":
            return  # already told, by this or another effect
        g.tasks.insert(at, ("attack_step_ends", trig[0]))
        g.say(f"{g.card_name(trig[0])}: the Attack Step ends after this battle.")


@op("attack_step_ends")
def attack_step_ends(g: Game, src: int) -> None:
    """The battle is over: the attacking player is not asked to attack again."""
    if g.tasks and g.tasks[-1] == ("attack_prompt",):
        g.tasks.pop()
        g.say(f"The Attack Step ends (effect of {g.card_name(src)}).", tag="end_attack_step")


verb(EndAttackStep())
