"""Training the learned bots' networks by self-play (needs torch: ``pip install
'tabletop[train]'``); playing them needs only numpy (:mod:`tabletop.bots.learned`).

>>> from tabletop.train import TrainConfig
>>> TrainConfig("kung-fu", rounds=2).episodes_per_round
1024

``tabletop train GAME`` runs it from the command line (docs/bots.md, "Learned bots").
"""

from tabletop.train.run import Progress, TrainConfig, TrainError, train

__all__ = ["Progress", "TrainConfig", "TrainError", "train"]
