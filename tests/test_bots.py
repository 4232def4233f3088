"""The computer players: legal choices only, no peeking, sound inferences, the obligation met."""

import random
from dataclasses import replace

import pytest

from barbu import Deal, Phase, Play, Session
from barbu.bots import SETTINGS, Bot
from barbu.bots.inference import MoveModel
from barbu.bots.knowledge import forbidden_cards, sample_hands
from barbu.bots.simulate import heuristic_playout, skip_doubling
from barbu.cards import CARDS, FULL_DECK, deal_masks, mask_of
from barbu.rules import STANDARD, preset

QUICK = {
    level: replace(
        s,
        play_samples=min(s.play_samples, 6),
        bid_samples=min(s.bid_samples, 4),
        solver_samples=min(s.solver_samples, 4),
    )
    for level, s in SETTINGS.items()
}


def _random_position(rng, contract):
    """A deal of ``contract`` advanced by random legal moves to a random point."""
    deal = Deal(deal_masks(rng), rng.randrange(4))
    deal.apply(rng.choice([a for a in deal.legal_actions() if a.contract is contract]))
    for _ in range(rng.randrange(60)):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize("contract", [c.contract for c in STANDARD.contracts])
def test_inferences_never_exclude_the_true_hands(contract):
    rng = random.Random("infer-" + contract.value)
    for _ in range(300):
        deal = _random_position(rng, contract)
        for seat in range(4):
            forbid = forbidden_cards(deal.view(seat))
            for other in range(4):
                assert not forbid[other] & deal.hands[other], (seat, other, deal.played)


@pytest.mark.parametrize("contract", [c.contract for c in STANDARD.contracts])
def test_sampled_hands_fit_the_view_and_rebuild_a_consistent_state(contract):
    rng = random.Random("sample-" + contract.value)
    for _ in range(150):
        deal = _random_position(rng, contract)
        if deal.is_over:
            continue
        seat = deal.to_move
        view = deal.view(seat)
        hands = sample_hands(view, forbidden_cards(view), rng)
        assert hands is not None
        assert hands[seat] == deal.hands[seat]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in deal.hands]
        played = mask_of(c for _, c in deal.played)
        assert hands[0] | hands[1] | hands[2] | hands[3] | played == FULL_DECK
        twin = Deal.from_view(view, hands)
        assert twin.view(seat) == view
        assert Deal.from_view(view, deal.hands).legal_mask() == deal.legal_mask()


@pytest.mark.slow
@pytest.mark.parametrize("level", list(SETTINGS))
@pytest.mark.parametrize("contract", [c.contract for c in STANDARD.contracts])
def test_bots_choose_only_legal_actions(level, contract):
    rng = random.Random(f"legal-{level}-{contract.value}")
    bot = Bot(level, seed=1, settings=QUICK[level])
    decisions = 0
    for _ in range(40 if QUICK[level].play_samples else 150):
        deal = _random_position(rng, contract)
        while not deal.is_over:
            action = bot.decide(deal.view(deal.to_move))
            assert deal.can(action), action
            deal.apply(action)
            decisions += 1
            if rng.random() < 0.2:
                break
    assert decisions > 100


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_a_bot_decides_the_same_whatever_the_hidden_cards(level):
    rng = random.Random("peek-" + level)
    for _ in range(30):
        contract = rng.choice([c.contract for c in STANDARD.contracts])
        deal = _random_position(rng, contract)
        if deal.is_over or deal.phase is not Phase.PLAY:
            continue
        seat = deal.to_move
        view = deal.view(seat)
        other = sample_hands(view, forbidden_cards(view), rng)
        twin = Deal.from_view(view, other)
        assert twin.view(seat) == view
        a = Bot(level, seed=5, settings=QUICK[level]).decide(view)
        b = Bot(level, seed=5, settings=QUICK[level]).decide(twin.view(seat))
        assert a == b


def test_bots_meet_the_doubling_obligation_in_whole_sessions():
    for seed in range(2):
        session = Session(seed=seed)
        bots = [Bot("standard", seed=s, settings=QUICK["standard"]) for s in range(4)]
        while not session.is_over:
            if session.between_deals:
                session.next_deal()
            seat = session.to_move
            session.apply(bots[seat].decide(session.deal.view(seat)))
        for block in range(4):
            deals = session.deals[7 * block : 7 * block + 7]
            d = deals[0].declarer
            for seat in set(range(4)) - {d}:
                assert sum((seat, d) in deal.doubles for deal in deals) >= 2


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown level"):
        Bot("grandmaster")


@pytest.mark.parametrize("preset_name", ["standard", "classic", "italian"])
def test_the_experts_domino_worlds_are_weighed_by_the_others_moves(preset_name, monkeypatch):
    """RULES.md §3: a Domino player lays the cards that open the way to his own and holds back
    the others'; so the expert weighs its sampled Domino worlds by how likely the others' moves
    seen are under the rules of thumb (``inference``), in the Domino only (docs/BOTS.md, "Every
    preset").
    """
    made: list[tuple[bool, float]] = []
    real = MoveModel.__init__

    def spy(self, view, miss):
        made.append((view.start_rank is not None, miss))
        real(self, view, miss)

    monkeypatch.setattr(MoveModel, "__init__", spy)
    rules = preset(preset_name)
    expert = SETTINGS["expert"]
    assert 0 < expert.domino_miss < 1
    rng = random.Random("domino-inference-" + preset_name)
    for contract in ("domino", "no-hearts"):
        made.clear()
        for _ in range(20):
            deal = Deal(deal_masks(rng, rules.deck), rng.randrange(4), rules)
            deal.apply(next(a for a in deal.legal_actions() if a.contract.value == contract))
            skip_doubling(deal)
            log: list[int] = []
            heuristic_playout(deal, log=log)
            for card in log[: rng.randrange(8, 24)]:
                deal.apply(Play(CARDS[card]))
            if not deal.is_over:
                view = deal.view(deal.to_move)
                assert deal.can(Bot("expert", seed=1, settings=QUICK["expert"]).decide(view))
        if contract == "domino":
            assert made and all(domino and miss == expert.domino_miss for domino, miss in made)
        else:
            assert not made
