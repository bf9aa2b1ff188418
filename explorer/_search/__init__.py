"""The search behind hints and strong bots: deals consistent with a seat's view (``determinize``,
``fromview``), roll-out policies (``rollout``), the search itself (``search``), and the two that use
it: ``hint`` (the learner's suggestion) and ``strong`` (the strong bot)."""
