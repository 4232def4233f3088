"""The score keeper's deal form: who declares and what is left (the engine's ``Context``), the
contract with its trump or starting rank, the doubles as a pair matrix with the rules'
shortcuts, a warning for each double still owed, and the raw scores typed or counted.

A component: the game, the deal as typed (``web.keeper.entry.Entry``) and the catalog in, a
node out. Controls carry ``data-*`` hooks that ``web.keeper.app`` reads: ``data-contract``,
``data-trump``, ``data-rank``, ``data-double="doubler-target"``, ``data-shortcut``,
``data-raw``, ``data-count="key:seat"``, ``data-action``; ``data-block`` holds the number of
the declarer's block (from 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu import Card, Contract, Rank, RuleError, Suit
from barbu.keeper import Context, KeptGame, Tally, tallies
from web.components.dom import Dom
from web.keeper.entry import Entry
from web.languages.i18n import Catalog
from web.languages.words import card_name, contract_name, rank_short, signed, suit_name


def deal_form(
    d: Dom,
    catalog: Catalog,
    game: KeptGame,
    names: Sequence[str],
    entry: Entry,
    editing: int | None,
    alert: str,
) -> Any:
    """The form of the next deal (or of deal ``editing``), with the last refusal's reason."""
    t = catalog.text
    context = game.context(editing)
    number = context.number
    heading = t("keeper.deal_title", number=number, deals=game.rules.deals)
    parts = [
        d.el("h2", heading, id="deal-heading"),
        d.el("p", t("keeper.editing", number=number), class_="editing") if editing else None,
        _who(d, catalog, game, names, context),
        *_owed(d, catalog, game, names, context),
        _contracts(d, catalog, game, context, entry),
        _doubles(d, catalog, game, names, context, entry),
        _scores(d, catalog, game, names, entry),
        d.el("p", alert, role="alert", class_="keeper-alert") if alert else None,
        d.el(
            "div",
            None,
            d.el(
                "button",
                t("keeper.save_edit" if editing else "keeper.enter", number=number),
                type="submit",
                class_="primary",
                data_action="enter",
            ),
            d.el("button", t("keeper.cancel_edit"), type="button", data_action="cancel-edit")
            if editing
            else None,
            class_="buttons",
        ),
    ]
    return d.el(
        "form",
        None,
        *(p for p in parts if p is not None),
        id="deal-form",
        class_="deal-form",
        data_number=number,
        aria_labelledby="deal-heading",
        novalidate=True,
    )


def _who(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], context: Context) -> Any:
    """Who declares, in which block (``data-block``: its number, from 1, as ``Context.block``),
    and the contracts left to choose."""
    t = catalog.text
    left = ", ".join(contract_name(catalog, c) for c in context.left)
    key = "keeper.declarer_block" if game.rules.blocks > 1 else "keeper.declarer"
    declares = t(key, name=names[context.declarer], block=context.block)
    return d.el(
        "p",
        None,
        d.el("strong", declares, data_block=context.block),
        " ",
        t("keeper.left", contracts=left),
        class_="who",
    )


def _owed(
    d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], context: Context
) -> list[Any]:
    """A warning for each player who still owes the declarer doubles in this block (RULES.md
    §4), compulsory ones first; before the doubling round."""
    if not game.rules.doubling:
        return []
    out = []
    for seat in sorted(range(4), key=lambda s: s not in context.compulsory):
        owed = context.owed[seat]
        if seat == context.declarer or owed <= 0:
            continue
        key = "keeper.must_double" if seat in context.compulsory else "keeper.owes"
        text = catalog.text(
            key,
            name=names[seat],
            declarer=names[context.declarer],
            owed=catalog.plural("count.doubles", owed),
            left=catalog.plural("count.deals", context.deals_left),
        )
        out.append(
            d.el(
                "p",
                text,
                class_="owed must" if seat in context.compulsory else "owed",
                data_owed=seat,
            )
        )
    return out


def _contracts(d: Dom, catalog: Catalog, game: KeptGame, context: Context, entry: Entry) -> Any:
    """A radio button per contract (those used in the block disabled), then the trump suit or
    the starting rank where the contract names one."""
    t = catalog.text
    boxes = []
    for crules in game.rules.contracts:
        name = crules.contract.value
        boxes.append(
            d.el(
                "label",
                None,
                d.el(
                    "input",
                    None,
                    type="radio",
                    name="contract",
                    value=name,
                    data_contract=name,
                    checked=entry.contract == name,
                    disabled=crules.contract not in context.left,
                ),
                " ",
                contract_name(catalog, crules.contract),
                class_="pick",
            )
        )
    extra = None
    if entry.contract is not None:
        crules = game.rules.contract(entry.contract)
        if crules.has_trump:
            extra = _select(d, t("keeper.trump"), "trump", entry.trump, _suits(catalog))
        elif crules.names_rank:
            extra = _select(d, t("keeper.rank"), "rank", entry.rank, _ranks(catalog, game))
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("keeper.contract")),
        d.el("div", None, *boxes, class_="picks"),
        extra,
        class_="contracts",
    )


def _suits(catalog: Catalog) -> list[tuple[str, str]]:
    return [(s.char, f"{s.symbol}\ufe0e {suit_name(catalog, s)}") for s in Suit]


def _ranks(catalog: Catalog, game: KeptGame) -> list[tuple[str, str]]:
    held = {Card(c).rank for c in range(52) if game.rules.deck >> c & 1}
    return [(r.char, rank_short(catalog, r)) for r in sorted(Rank, reverse=True) if r in held]


def _select(
    d: Dom, label: str, name: str, current: str | None, values: list[tuple[str, str]]
) -> Any:
    """A labelled list of values (``data-<name>``), none chosen at first."""
    select = d.el("select", None, id=f"deal-{name}", **{f"data_{name}": ""})
    select.append(d.el("option", "—", value="", selected=current is None))
    for value, words in values:
        select.append(d.el("option", words, value=value, selected=value == current))
    return d.el("p", None, d.el("label", label, for_=f"deal-{name}"), " ", select)


def _doubles(
    d: Dom,
    catalog: Catalog,
    game: KeptGame,
    names: Sequence[str],
    context: Context,
    entry: Entry,
) -> Any:
    """The pair matrix: a row per player in doubling order (the declarer's: redoubles), a
    column per player doubled; the rules' shortcuts at the end of a row."""
    if not game.rules.doubling:
        return None
    t = catalog.text
    order = [(context.declarer + k) % 4 for k in (1, 2, 3, 4)]
    head = [d.el("th", t("keeper.doubler"), scope="col")]
    head += [d.el("th", names[s], scope="col") for s in range(4)]
    head.append(d.el("td", None))
    rows = []
    for seat in order:
        cells = [d.el("th", names[seat], scope="row")]
        for target in range(4):
            cells.append(d.el("td", None, _box(d, catalog, names, entry, seat, target)))
        cells.append(d.el("td", None, *_shortcuts(d, catalog, game, entry, seat, context)))
        declares = seat == context.declarer
        rows.append(d.el("tr", None, *cells, class_="redoubles" if declares else None))
    return d.el(
        "fieldset",
        None,
        d.el("legend", t("keeper.doubles")),
        d.el("p", t("keeper.doubles_help"), class_="help"),
        _scroll_table(d, head, rows, "matrix"),
        class_="doubles-entry",
    )


def _box(
    d: Dom, catalog: Catalog, names: Sequence[str], entry: Entry, seat: int, target: int
) -> Any:
    """One cell of the matrix: ``seat`` doubled ``target`` (none on the diagonal); the box sits
    in a label as large as a finger's tap (``.tap``), which ticks it too."""
    if seat == target:
        return None
    label = catalog.text("sheet.mark", name=names[target])
    box = d.el(
        "input",
        None,
        type="checkbox",
        data_double=f"{seat}-{target}",
        checked=(seat, target) in entry.doubles,
        aria_label=f"{names[seat]}: {label}",
    )
    return d.el("label", None, box, class_="tap")


def _shortcuts(
    d: Dom, catalog: Catalog, game: KeptGame, entry: Entry, seat: int, context: Context
) -> list[Any]:
    """The rules' shortcuts for ``seat`` (italian: maximum, family), given the rows above."""
    if not game.rules.double_shortcuts or entry.contract is None:
        return []
    try:
        turn = game.turn(entry.choice(), sorted(entry.doubles), seat, context.number)
    except RuleError:
        return []
    return [
        d.el(
            "button",
            catalog.text(f"keeper.shortcut.{name}"),
            type="button",
            class_="quiet shortcut",
            data_shortcut=f"{seat}:{name}",
        )
        for name, _ in turn.shortcuts
    ]


def _scores(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], entry: Entry) -> Any:
    """The raw scores typed, or the counts they are computed from."""
    t = catalog.text
    switch = d.el(
        "div",
        None,
        *(
            d.el(
                "label",
                None,
                d.el(
                    "input",
                    None,
                    type="radio",
                    name="score-mode",
                    value=mode,
                    data_mode=mode,
                    checked=(mode == "counted") == entry.counted,
                ),
                " ",
                t(f"keeper.{mode}"),
                class_="pick",
            )
            for mode in ("typed", "counted")
        ),
        class_="picks",
    )
    if entry.counted and entry.contract is not None:
        body = _counts(d, catalog, game, names, entry)
    else:
        body = _raw(d, catalog, game, names, entry)
    return d.el(
        "fieldset", None, d.el("legend", t("keeper.scores")), switch, body, class_="score-entry"
    )


def _raw(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], entry: Entry) -> Any:
    """Four fields, one raw score each, and the total they must make."""
    fields = [
        d.el(
            "label",
            None,
            d.el("span", names[seat]),
            d.el(
                "input",
                None,
                type="text",
                inputmode="numeric",
                autocomplete="off",
                value=entry.raw[seat],
                data_raw=seat,
                size=5,
            ),
            class_="score-field",
        )
        for seat in range(4)
    ]
    hint = None
    if entry.contract is not None:
        total = game.rules.contract(entry.contract).total
        hint = d.el("p", catalog.text("keeper.total_hint", total=signed(total)), class_="help")
    return d.el("div", None, d.el("div", None, *fields, class_="score-fields"), hint)


def _counts(d: Dom, catalog: Catalog, game: KeptGame, names: Sequence[str], entry: Entry) -> Any:
    """A row of four fields per thing the contract counts; a trick that scores by itself
    asks who won it."""
    assert entry.contract is not None
    rows = []
    for tally in tallies(game.rules, Contract(entry.contract)):
        typed = entry.count(tally.key)
        label = tally_label(catalog, tally)
        if tally.kind == "won":
            select = d.el("select", None, data_count=f"{tally.key}:0", aria_label=label)
            select.append(d.el("option", "—", value="", selected=not typed[0]))
            for seat in range(4):
                select.append(
                    d.el("option", names[seat], value=str(seat), selected=typed[0] == str(seat))
                )
            rows.append(
                d.el(
                    "tr", None, d.el("th", label, scope="row"), d.el("td", None, select, colspan=4)
                )
            )
            continue
        cells = [d.el("th", label, scope="row")]
        for seat in range(4):
            field = d.el(
                "input",
                None,
                type="text",
                inputmode="numeric",
                autocomplete="off",
                value=typed[seat],
                data_count=f"{tally.key}:{seat}",
                aria_label=f"{label}: {names[seat]}",
                size=3,
            )
            cells.append(d.el("td", None, field))
        rows.append(d.el("tr", None, *cells))
    head = [d.el("td", None)] + [d.el("th", n, scope="col") for n in names]
    return _scroll_table(d, head, rows, "counts")


def _scroll_table(d: Dom, head: list[Any], rows: list[Any], class_: str) -> Any:
    """A table of one heading row and ``rows``, scrolling sideways in its own box on a phone."""
    table = d.el(
        "table",
        None,
        d.el("thead", None, d.el("tr", None, *head)),
        d.el("tbody", None, *rows),
        class_=class_,
    )
    return d.el("div", None, table, class_="scroll-box")


def tally_label(catalog: Catalog, tally: Tally) -> str:
    """What a count is, in words: tricks, queens, the K♥, trick 13, places."""
    if tally.kind == "won":
        return catalog.text("keeper.tally.won", number=tally.key)
    if catalog.has(f"keeper.tally.{tally.key}"):
        return catalog.text(f"keeper.tally.{tally.key}")
    return card_name(catalog, Card.parse(tally.key))
