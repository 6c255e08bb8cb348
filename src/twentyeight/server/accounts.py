"""Players: names, passwords (argon2), session cookies, and seat tokens that belong to a player.

* A **name** is 3 to 24 letters, digits, spaces, ``-``, ``_`` or ``.`` (any script), shown as
  given and unique as :func:`name_key` folds it (``Asha`` and ``ASHA`` are one player).
* A **password** is 8 to 128 characters; the server keeps only its argon2id hash
  (argon2-cffi's :class:`~argon2.PasswordHasher`, its recommended parameters), hashed off the
  event loop, a few at a time (``--limit passwords_hashing``), a bounded number waiting
  (``--limit passwords_waiting``; beyond, 503 ``busy``).  A wrong name costs the same
  hashing as a wrong password.
* A **session** is a random secret in the cookie :data:`COOKIE` (HttpOnly, SameSite=Lax,
  Secure over HTTPS); the database keeps its SHA-256 only.  Guests have no session.
* A signed-in player's **seat token** is :func:`seat_token`: derived from the server's
  secret key, the room and the player, so the server can hand it again to the same player
  in any browser (``GET /api/rooms/{id}/mine``); one player has one seat per room.
* A **guest** at a public table is known by a random secret in the cookie
  :data:`GUEST_COOKIE` (kept by the browser only, never stored): its seat token is derived
  from it the same way, so a second Quick play or a second click on a free seat of the same
  table is refused (``already_seated``) instead of seating one stranger twice, where they
  would see two hands.  (A guest who clears the cookie is a new guest: seats of rated tables
  take signed-in players only.)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from twentyeight.server.bounded import BoundedPool
from twentyeight.server.lookalike_letters import LOOKALIKE_LETTERS
from twentyeight.server.refusal import RoomError
from twentyeight.server.shown_text import MOST_MARKS, unshowable, visible

COOKIE = "twentyeight_session"
"""The session cookie's name."""
SESSION_DAYS = 30
"""How long a session lasts."""
GUEST_COOKIE = "twentyeight_guest"
"""The cookie of a guest's secret (:func:`seat_token` of ``"guest:" + secret``)."""
MIN_NAME, MAX_NAME = 3, 24
MIN_PASSWORD, MAX_PASSWORD = 8, 128
_NAME_PUNCTUATION = frozenset(" -_.")


def clean_player_name(name: str) -> str:
    """A player's name as kept (trimmed, composed); :class:`RoomError` (400) saying what is
    wrong with it, never repeating it."""
    text = unicodedata.normalize("NFC", name.strip())
    if not MIN_NAME <= len(text) <= MAX_NAME:
        raise RoomError(400, "bad_name", f"a player's name has {MIN_NAME} to {MAX_NAME} "
                        "characters")
    for c in text:
        if not (c in _NAME_PUNCTUATION or unicodedata.category(c)[0] in "LNM"):
            raise RoomError(400, "bad_name", "a player's name holds letters, digits, spaces, "
                            "'-', '_' and '.' only")
    if "  " in text:
        raise RoomError(400, "bad_name", "a player's name has single spaces only")
    if unshowable(text):
        raise RoomError(400, "bad_name", f"a player's name has at most {MOST_MARKS} marks on "
                        "one letter")
    if len({script_of(c) for c in text if c.isalpha()} & LOOKALIKE_SCRIPTS) > 1:
        raise RoomError(400, "bad_name", "a player's name uses one of the Latin, Greek and "
                        "Cyrillic alphabets, not two (a Cyrillic А among Latin letters passes "
                        "for another's name)")
    if not visible(text):
        raise RoomError(400, "bad_name", "a player's name needs a letter or a digit that shows "
                        "(not only blank fillers or combining marks)")
    return text


LOOKALIKE_SCRIPTS = frozenset({"LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "CHEROKEE", "COPTIC"})
"""Scripts with letters drawn alike (Latin A, Greek Α, Cyrillic А): a name may use one of them.
The others mix freely with them ("Ravi रवि")."""


def script_of(letter: str) -> str:
    """The script of a letter, the first word of its Unicode name ("LATIN", "CYRILLIC", …;
    the full- and half-width forms as their script's)."""
    words = unicodedata.name(letter, "UNKNOWN").split()
    return words[1] if words[0] in ("FULLWIDTH", "HALFWIDTH") and len(words) > 1 else words[0]


LOOKALIKES = str.maketrans(LOOKALIKE_LETTERS)
"""The letters of other alphabets that a reader takes for Latin ones, each to the Latin letter
it passes for (:mod:`.lookalike_letters`, from Unicode's list of confusable characters)."""

FIRST_LOOKALIKES = {
    "а": "a", "в": "b", "ь": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "н": "h",
    "і": "i", "ї": "i", "ј": "j", "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q",
    "ѕ": "s", "т": "t", "у": "y", "ԝ": "w", "х": "x",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z",
}
"""The first table (2026-12-06): lower-case Greek and Cyrillic letters drawn as Latin ones,
read after the name was case-folded (so a Greek capital Η passed for an n).  Its letters are
in :data:`LOOKALIKES` too, as they were read then, though Unicode's list pairs only some."""
_FIRST = str.maketrans(FIRST_LOOKALIKES)


def name_key(name: str) -> str:
    """What makes two names one player's: compatibility-folded, and every letter that passes
    for a Latin one read as that letter (:data:`LOOKALIKES`), in the case it was written (a
    Greek Η is an h, its small η an n) and again once case-folded.  "ΗΟΡΕ", "ᎪᏚᎻᎪ" and
    "ᴀꜱʜᴀ" are "Hope" and "Asha"."""
    text = unicodedata.normalize("NFKC", name).translate(LOOKALIKES)
    return text.casefold().translate(LOOKALIKES)


def former_name_keys(name: str) -> list[str]:
    """The keys ``name`` had under earlier versions of :func:`name_key`, newest first, those
    that differ from its key today: a player is found by the key they signed up under, and
    nobody signs up under a key one of them still has."""
    keys = [legacy_name_key(name).translate(_FIRST), legacy_name_key(name)]
    today = name_key(name)
    return [k for i, k in enumerate(keys) if k != today and k not in keys[:i]]


def legacy_name_key(name: str) -> str:
    """A name's key as players who signed up before any look-alike letter was read have it
    (folded, not read as Latin)."""
    return unicodedata.normalize("NFKC", name).casefold()


COMMON_PASSWORDS = frozenset({
    "12345678", "123456789", "1234567890", "0123456789", "87654321", "987654321", "9876543210",
    "12341234", "11223344", "12344321", "123123123", "12121212", "11112222", "00000000",
    "11111111", "22222222", "55555555", "66666666", "77777777", "88888888", "99999999",
    "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "p@ssword",
    "qwertyui", "qwertyuiop", "qwerty12", "qwerty123", "qwerty1234", "1q2w3e4r", "1q2w3e4r5t",
    "q1w2e3r4", "1qaz2wsx", "qazwsxedc", "zaq12wsx", "asdfghjk", "asdfghjkl", "zxcvbnm1",
    "abcdefgh", "abcd1234", "abc12345", "a1234567", "aa123456", "1234qwer", "iloveyou",
    "iloveyou1", "sunshine", "princess", "football", "baseball", "welcome1", "welcome123",
    "letmein1", "superman", "trustno1", "computer", "internet", "whatever", "starwars",
    "dragon12", "monkey12", "shadow12", "master12", "michelle", "jennifer", "1password",
    "admin123", "administrator", "changeme", "changeme1", "secret12", "google123", "india123",
    "india1234", "bangladesh", "pakistan", "nepal123", "kolkata1", "mumbai123", "twentyeight",
    "twentynine", "28282828", "29292929", "cardgame", "cardgames",
})
"""Passwords so often chosen that a guesser tries them first (of 8 characters or more: a
shorter one is refused for its length), with this game's and its players' own words."""


def check_password(password: str, name: str | None = None) -> None:
    """:class:`RoomError` (400) unless ``password`` is of an acceptable length and not one a
    guesser tries first: a common password, the player's ``name`` in it, no more than three
    characters repeated ("abababab", eight spaces), or a run of the alphabet's or the digits'
    order ("abcdefgh", "87654321")."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise RoomError(400, "bad_password", f"a password has {MIN_PASSWORD} to "
                        f"{MAX_PASSWORD} characters")
    if any(unicodedata.category(c) == "Cs" for c in password):
        raise RoomError(400, "bad_password", "a password must be valid text")
    folded = password.casefold()
    own = name_key(name).replace(" ", "") if name else ""
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(folded)}
    named = len(own) >= 3 and own in name_key(password).replace(" ", "")
    if folded.strip() in COMMON_PASSWORDS or len(set(folded)) < 4 or steps in ({1}, {-1}) \
            or named:
        raise RoomError(400, "weak_password", "that password is too easy to guess (a common "
                        "password, your name, or one character repeated or counted on); "
                        "choose another")


class Passwords:
    """argon2 hashing on threads of its own, at most ``at_once`` at a time and ``waiting``
    more waiting their turn: beyond, a sign-up or sign-in is refused at once (503 ``busy``),
    where an unbounded queue let a crowd of sign-ins (each allowed by its own address's
    rate) hold every later one for as long as the crowd lasted."""

    def __init__(self, at_once: int, waiting: int) -> None:
        self.hasher = PasswordHasher()
        self.threads = BoundedPool(at_once, waiting, "twentyeight-argon2", "the server is "
                                   "checking many passwords just now: try again in a minute")
        self.dummy = self.hasher.hash("not anyone's password")
        """Checked against when the name is unknown (the same cost as a wrong password)."""

    async def hash(self, password: str) -> str:
        """The argon2id hash of ``password``."""
        return await self.threads.run(self.hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one of the hash ``stored`` (``None``: nobody's)."""
        def check() -> bool:
            try:
                return self.hasher.verify(stored or self.dummy, password) and stored is not None
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return False
        return await self.threads.run(check)

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with weaker parameters than today's."""
        return self.hasher.check_needs_rehash(stored)

    def close(self) -> None:
        """Stop the hashing threads."""
        self.threads.close()


def seat_token(key: str, room_id: str, player_id: int | str) -> str:
    """The seat token of ``player_id`` in ``room_id`` (the same wherever they sign in; a
    guest's is ``"guest:" + secret``)."""
    mac = hmac.new(key.encode(), f"seat|{room_id}|{player_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:24]).decode().rstrip("=")
