from typing import Any


class HeuristicBot:
    name = "heuristic"
    def __init__(self, seed: int | None = None) -> None: ...
    def choose(self, view: dict[str, Any]) -> str: return str(view["legal"][0])
