"""A seat whose every view and answer goes through its JSON form, as it would over a
socket: the table behind it must work from plain data alone. The host end is another
seat (a `LocalSeat`); what the wire carries is what a remote seat will carry."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from bs_tui.engine import IllegalAnswer, PlayerView
from bs_tui.engine.core.decision import normalize
from bs_tui.engine.view import from_json, to_json
from bs_tui.practice.state import PracticeState

from .base import Seat


def answer_text(answer: Any) -> str:
    """An answer as JSON text (tuples as lists)."""

    def plain(a: Any) -> Any:
        return [plain(x) for x in a] if isinstance(a, tuple | list) else a

    return json.dumps(plain(answer), ensure_ascii=False, separators=(",", ":"))


def answer_from(text: str) -> Any:
    return normalize(json.loads(text))


class JsonSeat(Seat):
    __slots__ = ("host",)

    def __init__(self, host: Seat):
        self.host = host

    @property
    def people(self) -> tuple[int, ...]:
        return self.host.people

    @property
    def hotseat(self) -> bool:
        return self.host.hotseat

    @property
    def level(self) -> str:
        return self.host.level

    @property
    def version(self) -> int:
        return self.host.version

    def view(self, player: int, knowledge: bool = False) -> PlayerView:
        return from_json(to_json(self.host.view(player, knowledge)))  # each time: what the far end holds now

    def waiting_for(self) -> int:
        return self.host.waiting_for()  # in every view: asked without a whole view each time

    def submit(self, answer: Any) -> None:
        try:
            self.host.submit(answer_from(answer_text(answer)))
        except IllegalAnswer as e:  # over a wire only the reason comes back
            raise IllegalAnswer(str(e)) from None

    def undo_refused(self) -> str:
        return self.host.undo_refused()

    def undo(self) -> None:
        self.host.undo()

    def redo(self) -> None:
        self.host.redo()

    def watch(self, changed: Callable[[], None]) -> None:
        self.host.watch(changed)

    def passes_at_once(self, auto_pass: bool) -> bool:
        return self.host.passes_at_once(auto_pass)

    def agent_to_move(self) -> bool:
        return self.host.agent_to_move()

    def agent_answer(self) -> Any:
        return answer_from(answer_text(self.host.agent_answer()))

    def practice(self) -> PracticeState | None:
        state = self.host.practice()
        return PracticeState.from_json(state.to_json()) if state is not None else None

    def solution(self) -> tuple[Any, ...]:
        return tuple(answer_from(answer_text(a)) for a in self.host.solution())

    def restarted(self) -> Seat:
        return JsonSeat(self.host.restarted())

    def close(self) -> None:
        self.host.close()
