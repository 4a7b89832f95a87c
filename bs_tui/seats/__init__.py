"""Seats: the one door between the table and a game (issue 19).

A `Seat` is what a screen talks to, as ygopro-core's narrow interface is what a client
talks to: it gives the view of each person it seats (plain data, all the screen renders),
takes their answers (an illegal one is refused with its reason and changes nothing) and
tells when the game moved on. `LocalSeat` holds the game itself, with an AI or a second
person (hot-seat) in the other chair; `JsonSeat` carries every view and answer through
their JSON form, as a remote seat must. `starting` makes them: new games, resumed saves,
positions, rematches.
"""

from __future__ import annotations

from .base import Seat, only_pass
from .local import LocalSeat
from .wire import JsonSeat

__all__ = ["JsonSeat", "LocalSeat", "Seat", "only_pass"]
