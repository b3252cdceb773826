"""Studies: the lab turned on the questions players ask, one command each.

A :class:`Study` names its question and method and builds its runs: paired
experiments (:mod:`tabletop.sim.experiment`) or plain tournaments, one per edition
or player count. :func:`run_study` plays them into one folder, a run folder per run
(so an interrupted study continues where it stopped when the same command is given
again), and writes the study's page: the question, the method, the command, the
table of its figures, its plots and what they do not say. The pages in
``docs/studies/`` are such pages.

>>> sorted(STUDIES)  # doctest: +NORMALIZE_WHITESPACE
['kung-fu-deck', 'power-cards', 'power-up', 'tokyo-first-player', 'uno-first-player',
 'uno-towers']
"""

from __future__ import annotations

from tabletop.sim.studies.base import Study, StudyRun
from tabletop.sim.studies.king_of_tokyo import FIRST_PLAYER as TOKYO_FIRST_PLAYER
from tabletop.sim.studies.king_of_tokyo import POWER_CARDS, POWER_UP
from tabletop.sim.studies.kung_fu import DECK as KUNG_FU_DECK
from tabletop.sim.studies.uno_power import FIRST_PLAYER as UNO_FIRST_PLAYER
from tabletop.sim.studies.uno_power import TOWERS

STUDIES: dict[str, Study] = {
    study.name: study
    for study in (
        POWER_CARDS,
        POWER_UP,
        TOKYO_FIRST_PLAYER,
        TOWERS,
        UNO_FIRST_PLAYER,
        KUNG_FU_DECK,
    )
}

__all__ = ["STUDIES", "Study", "StudyRun"]
