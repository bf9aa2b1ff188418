"""The rules page's address for one rule: what refusal banners and score sheets link to. Kept apart from
``rule_links`` (which draws exercises to find the positions that show a rule) so the tables and apps
that link a rule import nothing of the pages."""

from __future__ import annotations

from urllib.parse import urlencode

import explorer

#: The rules page, relative to the page that links to it (so it works under Voila's /voila/render/).
RULES_PAGE = "rules.ipynb"


def rule_url(game: str, rule: str) -> str | None:
    """The rules page opened at ``rule``; None for an id the game's catalogue does not have (a widget's
    own refusal, an internal failure), which has no words to read there."""
    if game not in explorer.GAMES or rule not in explorer.game_class(game).RULES:
        return None
    return f"{RULES_PAGE}?{urlencode({'game': game, 'rule': rule})}"


def refusal_error(state: explorer.GameState, rule: str, message: str) -> dict[str, str]:
    """A play widget's ``error`` for a move the engine refused: the message, the rule's id with its words
    from the catalogue and the rules page's address for it (both left out for an id it does not have)."""
    found = state.RULES.get(rule)
    url = rule_url(state.GAME, rule) if found is not None else None
    return {"message": message, "rule": rule, **({"rule_text": found.text} if found is not None else {}),
            **({"rule_url": url} if url else {})}
