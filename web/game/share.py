"""A deal or a session shared as a link: its record in the address, compressed, and read back
within bounds.

The link's payload is the deal's JSON (``shared_text``: the engine's deal record and the names;
``shared_session_text``: a session's record, its finished deals only, and the names)
compressed as raw DEFLATE (the browser's ``CompressionStream("deflate-raw")`` in the page;
``zlib`` with ``wbits=-15`` is the same format) and written in base64url without padding. It
travels in the address's fragment (``#replay=...``, never sent to a server) or its query
(``?replay=...``). A deal too long for a link (``LINK_LIMIT``) goes into a file instead, the same
JSON, which the menu's *Import* opens.

Whatever comes back is read as hostile: the payload's length is checked before decoding
(``MAX_PAYLOAD``), the inflated text is cut at ``MAX_TEXT`` bytes (a small link that inflates
to gigabytes stops there), the JSON goes through ``barbu.jsontext.load``, and the engine
replays the record checking every action (``barbu.records.deal_from_record``,
``session_from_record``; a session must hold a finished deal). A refusal is a
``ShareRefused`` whose ``code`` picks the sentence the page shows.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from barbu import (
    Deal,
    RuleError,
    Session,
    deal_from_record,
    deal_record,
    session_from_record,
    session_record,
)
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from web.model.settings import clean_name, query_values

__all__ = [
    "LINK_LIMIT",
    "MAX_PAYLOAD",
    "MAX_TEXT",
    "ShareRefused",
    "SharedDeal",
    "SharedSession",
    "decode_payload",
    "deflate",
    "encode_payload",
    "is_shared",
    "link_payload",
    "read_shared",
    "shared_from_payload",
    "shared_session_text",
    "shared_text",
]

KIND = "barbu-deal"
"""What a shared text says it is (its ``"kind"``)."""
SESSION_KIND = "barbu-session"
VERSION = 1
LINK_LIMIT = 8_000
"""The longest link made (characters); a longer deal is shared as a file."""
MAX_PAYLOAD = 16_000
"""The longest payload read from an address (characters), checked before anything else."""
MAX_TEXT = 262_144
"""The longest shared text read, inflated (bytes); a deal's is about 1.5 KB, a whole session's of
the standard game about 20 KB."""
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

Reason = Literal["too-long", "damaged", "not-a-deal"]


class ShareRefused(ValueError):
    """A shared link or file that is not opened: too long, damaged, or not a Barbu deal."""

    def __init__(self, code: Reason, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code: Reason = code


@dataclass(frozen=True)
class SharedDeal:
    """A deal read from a link or a file: the engine's finished deal and the names (empty: a
    default name)."""

    deal: Deal
    names: tuple[str, ...]


@dataclass(frozen=True)
class SharedSession:
    """A session read from a link or a file: the engine's session (its finished deals are
    replayed) and the names (empty: a default name)."""

    session: Session
    names: tuple[str, ...]

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The finished deals."""
        return tuple(self.session.finished_deals())


def shared_session_text(session: Session, names: Sequence[str]) -> str:
    """The JSON a session's link or file carries: its record up to its last finished deal (the
    deal under way left out) and the players' names."""
    finished = session.finished_deals()
    count = sum(len(d.history) for d in finished)
    data = {
        "kind": SESSION_KIND,
        "version": VERSION,
        "session": session_record(session.at(count)),
        "names": list(names),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def shared_text(deal: Deal, names: Sequence[str]) -> str:
    """The JSON a link or a file carries: the deal's record and the players' names."""
    data = {"kind": KIND, "version": VERSION, "deal": deal_record(deal), "names": list(names)}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def deflate(text: str) -> bytes:
    """Raw DEFLATE of ``text`` (what the browser's ``CompressionStream("deflate-raw")`` makes;
    used where the browser has none)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(text.encode()) + packer.flush()


def encode_payload(compressed: bytes) -> str:
    """The compressed text in base64url, without padding."""
    return base64.urlsafe_b64encode(compressed).rstrip(b"=").decode("ascii")


def decode_payload(payload: str) -> str:
    """The text of a payload (``encode_payload`` of a raw DEFLATE), within the bounds."""
    if len(payload) > MAX_PAYLOAD:
        raise ShareRefused("too-long", f"{len(payload):,} characters; at most {MAX_PAYLOAD:,}")
    if not BASE64URL.fullmatch(payload) or len(payload) % 4 == 1:
        raise ShareRefused("damaged", "not base64url")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(packed, MAX_TEXT + 1)
    except (binascii.Error, zlib.error) as error:
        raise ShareRefused("damaged", str(error)) from None
    if len(data) > MAX_TEXT or unpacker.unconsumed_tail:
        raise ShareRefused("too-long", f"more than {MAX_TEXT:,} bytes once inflated")
    if not unpacker.eof:
        raise ShareRefused("damaged", "cut short")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareRefused("damaged", "not UTF-8") from None


def read_shared(text: str) -> SharedDeal | SharedSession:
    """A shared deal or session from its JSON text: what the engine replays (a finished deal,
    a session with a finished deal), and its names."""
    try:
        data = load_json(text, max_chars=MAX_TEXT)
    except JsonRefused as error:
        raise ShareRefused("damaged", str(error)) from None
    if not is_shared(data) or data.get("version") != VERSION:
        raise ShareRefused("not-a-deal", "not a shared Barbu deal")
    names = _names(data.get("names"))
    if data["kind"] == SESSION_KIND:
        return SharedSession(_session(data.get("session")), names)
    try:
        deal = deal_from_record(data.get("deal"))
    except RuleError as error:
        raise ShareRefused("not-a-deal", str(error)) from None
    if not deal.is_over:
        raise ShareRefused("not-a-deal", "the deal is not finished")
    return SharedDeal(deal, names)


def _session(record: Any) -> Session:
    """The session a shared record holds, with a finished deal."""
    try:
        session = session_from_record(record)
    except RuleError as error:
        raise ShareRefused("not-a-deal", str(error)) from None
    if not session.finished_deals():
        raise ShareRefused("not-a-deal", "the session has no finished deal")
    return session


def is_shared(data: Any) -> bool:
    """Whether JSON ``data`` says it is a shared deal or session (an imported file may be
    one)."""
    return isinstance(data, dict) and data.get("kind") in (KIND, SESSION_KIND)


def _names(value: Any) -> tuple[str, ...]:
    """Four names (a missing or odd one: empty, the default name)."""
    items = value if isinstance(value, list) and len(value) == 4 else ["", "", "", ""]
    return tuple(clean_name(item) if isinstance(item, str) else "" for item in items)


def shared_from_payload(payload: str) -> SharedDeal | SharedSession:
    """The deal or session a link's payload carries (``ShareRefused`` if it cannot be
    opened)."""
    return read_shared(decode_payload(payload))


def link_payload(fragment: str, query: str) -> str | None:
    """The payload of a link: ``#replay=...`` in the fragment, else ``?replay=...``; None
    when the address shares no deal."""
    hash_value = fragment.lstrip("#")
    if hash_value.startswith("replay="):
        return hash_value[len("replay=") :]
    return query_values(query).get("replay")
