"""The explicit tables of Here I Stand: every card event with its conditions, every queued
question kind, and the canonical texts of the verbs written outside `grammar`.

The modules that resolve events (`events`, `henry_viii`, `home_cards`, `mandatory_events`)
and ask queued questions (those, and the phases `action`, `card_draw`, `winter`) each define
their own ``EVENTS``, ``CONDITIONS``, ``KINDS`` and ``TEXTS``; nothing registers itself on
import.  The tables below list them, and `install` (called once by `rules`) hands them to the
modules that look them up: `events` (playing a card as an event, §11), `choices` (the
question queue) and `grammar` (order texts).

Rules: none (the explicit tables of events, questions and verb texts)
"""
from __future__ import annotations

from typing import Callable

from engine import questions
from games.here_i_stand import (assault, card_events_cloth, card_events_keys, card_events_pay,
                                card_events_politics, card_events_scots,
                                card_events_war, choices, diplomacy_orders, events,
                                foreign_wars,
                                grammar, henry_viii, home_cards, mandatory_events,
                                minor_cards, relocation, sack_of_rome, siege)
from games.here_i_stand.land_war import assault_cards, relief, responses
from games.here_i_stand.land_war import cards as battle_cards
from games.here_i_stand.land_war import kinds as land_war
from games.here_i_stand.land_war import mercenary_events
from games.here_i_stand.navy import actions as naval_actions
from games.here_i_stand.navy import kinds as navy
from games.here_i_stand.navy import havens, sea_cards, sea_events
from games.here_i_stand.new_world import events as new_world_events
from games.here_i_stand.new_world import power_cards as new_world_cards
from games.here_i_stand.phases import (action, card_draw, luther_95_theses, spring_deployment,
                                       victory, winter)
from games.here_i_stand.reformation import actions as religious_actions
from games.here_i_stand.reformation import attempts, card_events, debate, papal_bull
from games.here_i_stand.reformation import common_prayer, stop_domination
from games.here_i_stand.reformation import (catholic_events, conversions, inquisitions,
                                            people_events, protestant_events, wartburg)

#: Every card event implemented: card number -> resolver.
EVENTS: dict[int, events.Resolver] = {**events.EVENTS, **henry_viii.EVENTS,
                                      **home_cards.EVENTS, **mandatory_events.EVENTS,
                                      assault.ROXELANA: assault.roxelana,
                                      **{n: foreign_wars.revolt(n) for n in foreign_wars.WARS},
                                      sack_of_rome.CARD: sack_of_rome.resolve, **debate.EVENTS,
                                      **papal_bull.EVENTS, **card_events.EVENTS,
                                      **stop_domination.EVENTS, **common_prayer.EVENTS,
                                      **mercenary_events.EVENTS, **new_world_events.EVENTS,
                                      **new_world_cards.EVENTS,
                                      **card_events_war.EVENTS, **card_events_keys.EVENTS,
                                      **card_events_politics.EVENTS, **card_events_pay.EVENTS,
                                      **card_events_cloth.EVENTS,
                                      **spring_deployment.EVENTS, **card_events_scots.EVENTS,
                                      **inquisitions.EVENTS, **catholic_events.EVENTS,
                                      **protestant_events.EVENTS, **people_events.EVENTS,
                                      **sea_events.EVENTS,
                                      **minor_cards.EVENTS, **havens.EVENTS}
#: Extra conditions of some events (card number -> why not | None).
CONDITIONS = {**events.CONDITIONS, **henry_viii.CONDITIONS, **home_cards.CONDITIONS,
              **{n: foreign_wars.condition(n) for n in foreign_wars.WARS},
              sack_of_rome.CARD: sack_of_rome.condition, **debate.CONDITIONS,
              **papal_bull.CONDITIONS, **card_events.CONDITIONS,
              **common_prayer.CONDITIONS, **mercenary_events.CONDITIONS,
              **new_world_events.CONDITIONS, **new_world_cards.CONDITIONS,
              **card_events_war.CONDITIONS,
              **card_events_keys.CONDITIONS, **card_events_politics.CONDITIONS,
              **card_events_pay.CONDITIONS, **spring_deployment.CONDITIONS,
              **luther_95_theses.CONDITIONS,
              **card_events_scots.CONDITIONS,
              **inquisitions.CONDITIONS, **catholic_events.CONDITIONS,
              **protestant_events.CONDITIONS, **people_events.CONDITIONS,
              **sea_events.CONDITIONS,
              **minor_cards.CONDITIONS, **havens.CONDITIONS}
#: Every question asked through the queue, by kind.
KINDS: dict[str, questions.Kind] = {**henry_viii.KINDS, **events.KINDS, **home_cards.KINDS,
                                    **mandatory_events.KINDS, **action.KINDS,
                                    **card_draw.KINDS, **winter.KINDS, **land_war.KINDS,
                                    **foreign_wars.KINDS, **siege.KINDS, **sack_of_rome.KINDS,
                                    **relief.KINDS, **attempts.KINDS, **debate.KINDS,
                                    **card_events.KINDS, **papal_bull.KINDS,
                                    **stop_domination.KINDS, **victory.KINDS, **common_prayer.KINDS,
                                    **mercenary_events.KINDS, **navy.KINDS,
                                    **new_world_events.KINDS, **new_world_cards.KINDS,
                                    **card_events_war.KINDS, **card_events_keys.KINDS,
                                    **card_events_politics.KINDS, **card_events_pay.KINDS,
                                    **card_events_cloth.KINDS, **card_events_scots.KINDS,
                                    **wartburg.KINDS, **inquisitions.KINDS, **conversions.KINDS,
                                    **protestant_events.KINDS, **people_events.KINDS,
                                    **sea_events.KINDS,
                                    **minor_cards.KINDS, **havens.KINDS, **relocation.KINDS}
#: Where a card is played other than as an impulse's event: card number -> the functions
#: that carry it out (combat and response cards in their windows, §6.1 L329-333; the battle
#: half of Janissaries, on land and at sea; Arquebusiers at sea too; #8 at the start of turn 1, §18.1; #109 in Spring Deployment).  With
#: `EVENTS` it is the README's card table (`card_table`) and the deck test's evidence.
USES: dict[int, tuple[Callable, ...]] = {
    1: (battle_cards.play, sea_cards.play), 8: (luther_95_theses.enter,),
    sea_cards.ROWERS: (sea_cards.play, sea_cards.play_on_roll),
    **{n: (battle_cards.play,) for n in battle_cards.WINDOWS["cards"]},
    sea_cards.ARQUEBUSIERS: (battle_cards.play, sea_cards.declare),
    **{n: (assault_cards.play,) for n in (assault_cards.GROW_RESTLESS,
                                          assault_cards.SIEGE_MINING,
                                          assault_cards.SIEGE_ARTILLERY)},
    **{n: (battle_cards.play, assault_cards.play) for n in battle_cards.WINDOWS["mercs"]},
    **{n: (responses.play,) for n in responses.CARDS},
    wartburg.WARTBURG: (wartburg.window,),
    spring_deployment.VENETIAN_INFORMANT: (spring_deployment.inform,),
}
#: Canonical texts of the verbs `grammar.order_text` does not write itself.
TEXTS: dict[str, Callable[[dict], str]] = {
    **{verb: diplomacy_orders.order_text for verb in grammar.DIPLOMACY_VERBS},
    **home_cards.TEXTS, **mandatory_events.TEXTS, **card_draw.TEXTS, **winter.TEXTS,
    **land_war.TEXTS, **foreign_wars.TEXTS, **sack_of_rome.TEXTS, **relief.TEXTS,
    **religious_actions.TEXTS, **debate.TEXTS, **papal_bull.TEXTS, **stop_domination.TEXTS,
    **navy.TEXTS, **naval_actions.TEXTS, **card_events_war.TEXTS,
    **card_events_politics.TEXTS, **card_events_scots.TEXTS,
    **inquisitions.TEXTS, **protestant_events.TEXTS, **people_events.TEXTS,
    **sea_events.TEXTS,
    **minor_cards.TEXTS, **relocation.TEXTS}


def install() -> None:
    """Hand the tables to the modules that look them up (idempotent)."""
    events.EVENTS.update(EVENTS)
    events.CONDITIONS.update(CONDITIONS)
    choices.KINDS.update(KINDS)
    grammar.TEXTS.update(TEXTS)


__all__ = ["CONDITIONS", "EVENTS", "KINDS", "TEXTS", "USES", "install"]
