"""The search behind hints and strong bots: deals consistent with a seat's view (``determinize``,
``fromview``), the search itself (``search``; each game's roll-out policy is declared in its spec), and
the two that use it: ``hint`` (the learner's suggestion) and ``strong`` (the strong bot)."""
