"""Small bridges to the browser's JavaScript objects (only what Python cannot say plainly)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["attribute", "download", "js_object", "listen_hash", "listen_storage", "once"]


def attribute(node: Any, name: str) -> str | None:
    """An element's attribute as a string, or None when it has none (JavaScript's null)."""
    value = node.getAttribute(name) if node else None
    return value if isinstance(value, str) else None


def js_object(window: Any, **values: Any) -> Any:
    """A plain JavaScript object (options of a DOM call)."""
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=window.Object.fromEntries)


def once(function: Callable[[], Any]) -> Any:
    """A JavaScript callback that runs once and then frees itself."""
    from pyodide.ffi import create_once_callable

    return create_once_callable(function)


def listen_storage(window: Any, heard: Callable[[str | None, str | None], None]) -> Any:
    """Hear the storage written by another tab: ``heard(key, text)``, each None when the
    browser gives none (the storage cleared, the key removed); the listener, for the caller to
    keep."""
    from pyodide.ffi import create_proxy

    def storage(event: Any) -> None:
        key, text = event.key, event.newValue
        heard(key if isinstance(key, str) else None, text if isinstance(text, str) else None)

    listener = create_proxy(storage)
    window.addEventListener("storage", listener)
    return listener


def listen_hash(window: Any, changed: Callable[[str], None]) -> Any:
    """Hear the address's fragment changed (a link opened in this tab): ``changed(fragment)``;
    the listener, for the caller to keep."""
    from pyodide.ffi import create_proxy

    listener = create_proxy(lambda _: changed(str(window.location.hash)))
    window.addEventListener("hashchange", listener)
    return listener


def download(window: Any, text: str, name: str) -> None:
    """Have the browser save ``text`` as a JSON file called ``name``."""
    from pyodide.ffi import to_js

    document = window.document
    blob = window.Blob.new(to_js([text]), js_object(window, type="application/json"))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(once(lambda: window.URL.revokeObjectURL(url)), 10_000)
