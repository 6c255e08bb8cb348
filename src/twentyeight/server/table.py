"""The table's habits beside the game itself, in one place for the hub: table talk
(:mod:`~twentyeight.server.chat`), claims of the remaining tricks
(:mod:`~twentyeight.server.claims`), standing up (:mod:`~twentyeight.server.standup`), the
rematch (:mod:`~twentyeight.server.rematch`) and the score sheet
(:mod:`~twentyeight.server.scoresheet`).  The turn clock the table shows is part of each
``state`` (:mod:`~twentyeight.server.turnclock`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentyeight.server.audience import Listener
from twentyeight.server.chat import Chat
from twentyeight.server.claims import Claims
from twentyeight.server.protocol import ClientMessage
from twentyeight.server.rematch import Rematches
from twentyeight.server.room import Room
from twentyeight.server.scoresheet import sheet_message
from twentyeight.server.standup import StandUp
from twentyeight.server.talk_store import talk_store_for

if TYPE_CHECKING:
    from twentyeight.server.hub import Hub


class Table:
    """The table messages of every room of this process (see the module's docstring)."""

    def __init__(self, hub: Hub) -> None:
        limits = hub.settings.limits
        self.store = talk_store_for(hub.db.storage)
        self.chat = Chat(self.store, limits, hub.audience, hub.now, hub.sync.talked)
        self.claims = Claims(hub.authority, hub.audience, hub.sync, limits, hub.now,
                             self.store)
        self.standup = StandUp(hub.db, hub.audience, hub.sync, hub.lobby.unseat)
        self.rematches = Rematches(hub.lobby, hub.db, self.store, hub.audience, hub.now,
                                   hub.sync.talked)

    async def handle(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """One table message (:data:`~twentyeight.server.table_messages.TABLE_MESSAGES`)."""
        if msg.type == "chat":
            await self.chat.say(room, conn, msg)
        elif msg.type == "claim":
            await self.claims.claim(room, conn, msg)
        elif msg.type == "claim_answer":
            await self.claims.answer(room, conn, msg)
        elif msg.type == "stand":
            await self.standup.stand(room, conn, msg)
        elif msg.type == "rematch":
            await self.rematches.ask(room, conn, msg)

    async def greet(self, room: Room, conn: Listener) -> None:
        """A new connection: the talk so far, the score sheet, a claim waiting, the rematch."""
        await self.chat.greet(room, conn)
        if room.match is not None:
            conn.send(sheet_message(room.match))
        self.claims.greet(room, conn)
        await self.rematches.greet(room, conn)

    def forget(self, room_id: str) -> None:
        """``room_id`` is closed and gone from this process."""
        self.chat.forget(room_id)
        self.claims.forget(room_id)
