"""Baseline ratings: Elo / Bradley-Terry, Nash averaging, alpha-rank, payoff ratings."""

from jaxrate.baselines._alpharank import AlphaRankResult, alpha_rank, fixation_probability
from jaxrate.baselines._elo import EloResult, battle_wins, elo_ratings, online_elo, win_probabilities
from jaxrate.baselines._nash import NashAverageResult, nash_average
from jaxrate.baselines._payoff import PayoffRatingResult, max_entropy_cce, payoff_ratings

__all__ = [
    "AlphaRankResult",
    "EloResult",
    "NashAverageResult",
    "PayoffRatingResult",
    "alpha_rank",
    "battle_wins",
    "elo_ratings",
    "fixation_probability",
    "max_entropy_cce",
    "nash_average",
    "online_elo",
    "payoff_ratings",
    "win_probabilities",
]
