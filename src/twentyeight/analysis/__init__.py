"""Learning from the expert: hints, hand reviews and explanations of the rules.

* :mod:`~twentyeight.analysis.expert` — the one question asked of a strong player (what is
  every action worth here?) and :func:`default_expert`, the searcher that answers it;
* :mod:`~twentyeight.analysis.search` — that searcher: ``pimc``'s deals and the solver;
* :mod:`~twentyeight.analysis.outcome` — card points and game points for one seat's side;
* :mod:`~twentyeight.analysis.why` — the one-line reason for a choice, from the search;
* :mod:`~twentyeight.analysis.hints` — :func:`hint`, the expert's choice with its reason;
* :mod:`~twentyeight.analysis.review` — :func:`review_hand` and :func:`review_match`: every
  decision against the expert's, biggest mistakes first;
* :mod:`~twentyeight.analysis.surprises` — explanations, with rule IDs, when the rules
  surprise a player;
* :mod:`~twentyeight.analysis.page` — the self-contained HTML page of a review.
"""

from twentyeight.analysis.expert import ActionValue, Effort, Evaluation, Expert, default_expert
from twentyeight.analysis.hints import Hint, hint
from twentyeight.analysis.search import AnalysisError
from twentyeight.analysis.surprises import explain_step, explain_turn

__all__ = ["ActionValue", "AnalysisError", "Effort", "Evaluation", "Expert", "Hint",
           "default_expert", "explain_step", "explain_turn", "hint"]
