"""The player's choices in the middle of the table: the contract (then its trump suit or
starting rank), the doubles; and the link to the rules after a refusal."""

from __future__ import annotations

from typing import Any

from barbu import Rank, Suit
from barbu.rules import ContractRules
from web.components.dom import Dom
from web.languages.i18n import Catalog
from web.languages.words import contract_line, contract_name, explanation, rank_short, said
from web.table.centre_props import ContractPromptProps, DoublingPromptProps


def contract_choice(d: Dom, catalog: Catalog, props: ContractPromptProps) -> Any:
    """The declarer's menu: the rules' contracts (used ones greyed), then trump or rank."""
    t = catalog.text
    buttons = [contract_button(d, catalog, props, c) for c in props.rules.contracts]
    parts = [
        d.el("h2", t("choice.contract_title"), id="prompt-title"),
        d.el("p", t("choice.contract_help"), class_="help"),
        d.el("div", None, *buttons, class_="choices contracts"),
    ]
    picking = props.rules.contract(props.picking) if props.picking is not None else None
    if picking is not None and picking.has_trump:
        parts += [
            d.el("h3", t("choice.trump_title")),
            d.el("div", None, *suit_buttons(d, catalog, props), class_="choices suits-row"),
        ]
    elif picking is not None and picking.names_rank:
        parts += [
            d.el("h3", t("choice.rank_title")),
            d.el("div", None, *rank_buttons(d, catalog, props), class_="choices ranks-row"),
        ]
    return d.el("section", None, *parts, class_="prompt", aria_labelledby="prompt-title")


def contract_button(
    d: Dom, catalog: Catalog, props: ContractPromptProps, crules: ContractRules
) -> Any:
    """One contract: its name, positive or negative (or used), what it scores."""
    t, hint = catalog.text, props.hint
    contract = crules.contract
    used = contract not in props.legal
    kind = t("choice.positive") if crules.positive else t("choice.negative")
    if used:
        classes = "choice used"
    elif hint and hint.contract == contract:
        classes = "choice hinted"
    else:
        classes = "choice"
    return d.el(
        "button",
        None,
        d.el("span", contract_name(catalog, contract), class_="choice-name"),
        d.el("span", t("choice.used") if used else kind, class_="choice-note"),
        d.el("span", explanation(catalog, crules, props.rules), class_="choice-explain"),
        type="button",
        class_=classes,
        data_contract=contract.value,
        disabled=used,
        aria_pressed="true" if props.picking == contract else "false",
    )


def suit_buttons(d: Dom, catalog: Catalog, props: ContractPromptProps) -> list[Any]:
    """The four suits, for the trump."""
    hint = props.hint
    return [
        d.el(
            "button",
            None,
            d.el("span", s.symbol + "\ufe0e", class_=f"symbol suit-{s.char}", aria_hidden="true"),
            d.el("span", catalog.text(f"suit_title.{s.char}")),
            type="button",
            class_="choice suit hinted" if hint and hint.trump is s else "choice suit",
            data_trump=s.char,
        )
        for s in Suit
    ]


def rank_buttons(d: Dom, catalog: Catalog, props: ContractPromptProps) -> list[Any]:
    """The ranks, highest first, for the Domino's starting rank."""
    t, hint = catalog.text, props.hint
    return [
        d.el(
            "button",
            rank_short(catalog, r),
            type="button",
            class_="choice rank hinted" if hint and hint.start_rank is r else "choice rank",
            data_rank=r.char,
            # the name starts with what the button shows ("10, Ten")
            aria_label=t(
                "label.shown_then_said", shown=rank_short(catalog, r), said=t(f"rank.{r.char}")
            ),
        )
        for r in reversed(Rank)
    ]


def doubling_choice(d: Dom, catalog: Catalog, props: DoublingPromptProps) -> Any:
    """The player's doubling turn: the seats he may double (or redouble), then confirm."""
    t = catalog.text
    is_declarer = props.declarer == props.me
    contract = contract_line(catalog, props.contract, props.trump, props.start_rank)
    parts = [
        d.el(
            "h2",
            t("choice.redouble_title" if is_declarer else "choice.double_title"),
            id="prompt-title",
        ),
        d.el(
            "p",
            said(
                catalog,
                "choice.double_contract",
                props.declarer,
                props.names,
                props.me,
                contract=contract,
            ),
            class_="help",
        ),
        *obligation(d, catalog, props),
    ]
    if is_declarer and props.scope:
        parts.append(d.el("p", t("choice.redouble_help"), class_="help"))
    if not props.scope:
        parts.append(d.el("p", t("choice.nobody"), class_="help"))
    parts += double_buttons(d, catalog, props)
    parts.append(done_button(d, catalog, props))
    if props.refusal:
        parts.append(
            d.el(
                "p",
                props.refusal,
                *rules_link(d, catalog, props.refusal_link),
                class_="refusal",
                role="alert",
            )
        )
    return d.el("section", None, *parts, class_="prompt", aria_labelledby="prompt-title")


def obligation(d: Dom, catalog: Catalog, props: DoublingPromptProps) -> list[Any]:
    """The doubles the player must make now, or still owes the declarer."""
    t = catalog.text
    if not props.must_double and (not props.owed or props.declarer == props.me):
        return []
    text = t(
        "choice.must_double" if props.must_double else "choice.owed",
        owed=catalog.plural("count.doubles", props.owed),
        left=catalog.plural("count.deals", props.deals_left),
        name=props.names[props.declarer],
    )
    if props.must_double:
        return [d.el("p", text, class_="obligation", role="alert")]
    return [d.el("p", text, class_="help owed")]


def double_buttons(d: Dom, catalog: Catalog, props: DoublingPromptProps) -> list[Any]:
    """A toggle per seat the player may double, then the rules' shortcuts."""
    t, hint = catalog.text, props.hint
    verb = "choice.redouble" if props.declarer == props.me else "choice.double"
    toggles = [
        d.el(
            "button",
            t(verb, name=props.names[seat]),
            type="button",
            class_="choice toggle hinted" if hint and seat in hint.targets else "choice toggle",
            data_double=seat,
            aria_pressed="true" if seat in props.selected else "false",
        )
        for seat in props.scope
    ]
    shortcuts = [
        d.el(
            "button",
            t(f"choice.shortcut.{name}"),
            type="button",
            class_="quiet shortcut",
            data_action="shortcut",
            data_shortcut=name,
            aria_pressed="true" if props.selected == targets else "false",
        )
        for name, targets in props.shortcuts
    ]
    out = []
    if toggles:
        out.append(d.el("div", None, *toggles, class_="choices doubles-row"))
    if shortcuts:
        out.append(d.el("div", None, *shortcuts, class_="choices shortcuts-row"))
    return out


def done_button(d: Dom, catalog: Catalog, props: DoublingPromptProps) -> Any:
    """Pass or Confirm; starred only while the selection is the advice (the star moves off once
    the player chose otherwise)."""
    t, hint = catalog.text, props.hint
    done = t("choice.pass") if not props.selected else t("choice.confirm")
    advised = hint is not None and set(hint.targets) == set(props.selected)
    return d.el(
        "div",
        None,
        d.el(
            "button",
            done,
            type="button",
            class_="action hinted" if advised else "action",
            data_action="doubles-done",
        ),
        class_="prompt-actions",
    )


def rules_link(d: Dom, catalog: Catalog, link: str | None) -> list[Any]:
    """After a refusal, a link to the rules section that explains it (in a new tab: the game
    stays as it is), if there is one."""
    if not link:
        return []
    node = d.el(
        "a",
        catalog.text("refusal.rules_link"),
        href=link,
        target="_blank",
        rel="noopener",
        class_="rules-link",
    )
    return [" ", node]
