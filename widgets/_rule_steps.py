"""Written by ``python -m widgets.rule_steps`` (do not edit): for each game and rule, the
first walkthrough step that shows it: (page, step number from 1, step title, the walkthrough's
title). The rules page links to ``page.ipynb?step=N``; ``tests/widgets/test_rule_steps.py``
checks that each step still shows it."""

STEPS: dict[str, dict[str, tuple[str, int, str, str]]] = {
    "bangkok": {
        "bangkok.place.shared-good":
            ("bangkok_hand", 1, "A card needs a shared good",
             "Bangkok: improving your hand"),
        "bangkok.collect.count":
            ("bangkok_hand", 6, "Example 4: one good unused",
             "Bangkok: improving your hand"),
        "bangkok.collect.one-per-good":
            ("bangkok_hand", 2, "Example 1: first and third",
             "Bangkok: improving your hand"),
        "bangkok.collect.no-refusal":
            ("bangkok_hand", 2, "Example 1: first and third",
             "Bangkok: improving your hand"),
        "bangkok.port.shift":
            ("bangkok_port", 1, "Row 1, before",
             "Bangkok: completing the port"),
        "bangkok.port.refill":
            ("bangkok_port", 2, "Row 1, after",
             "Bangkok: completing the port"),
        "bangkok.market.required":
            ("bangkok_hand", 4, "Example 2: the third card taken",
             "Bangkok: improving your hand"),
        "bangkok.market.first-corner":
            ("bangkok_market", 1, "The first card",
             "Bangkok: the floating market"),
        "bangkok.market.adjacent":
            ("bangkok_market", 2, "Along a side",
             "Bangkok: the floating market"),
        "bangkok.market.chilli-row":
            ("bangkok_market", 3, "One chilli per row",
             "Bangkok: the floating market"),
        "bangkok.market.chilli-column":
            ("bangkok_variants", 4, "Expert: one chilli per column",
             "Bangkok: solo and expert"),
        "bangkok.market.blocked":
            ("bangkok_market", 4, "Nothing fits",
             "Bangkok: the floating market"),
        "bangkok.renew.line":
            ("bangkok_renew", 1, "Before",
             "Bangkok: renewing the port"),
        "bangkok.renew.pile-empty":
            ("bangkok_renew", 3, "Nothing to swap with",
             "Bangkok: renewing the port"),
        "bangkok.end.trigger":
            ("bangkok_market", 5, "The ninth card",
             "Bangkok: the floating market"),
        "bangkok.score.objective":
            ("bangkok_scoring", 1, "The book's 20-point market",
             "Bangkok: scoring"),
        "bangkok.score.chilli-1":
            ("bangkok_scoring", 1, "The book's 20-point market",
             "Bangkok: scoring"),
        "bangkok.score.chilli-3":
            ("bangkok_scoring", 1, "The book's 20-point market",
             "Bangkok: scoring"),
        "bangkok.score.chilli-4":
            ("bangkok_scoring", 1, "The book's 20-point market",
             "Bangkok: scoring"),
        "bangkok.score.complete":
            ("bangkok_variants", 3, "The final market",
             "Bangkok: solo and expert"),
        "bangkok.solo.piles":
            ("bangkok_variants", 1, "Solo, turn 1",
             "Bangkok: solo and expert"),
        "bangkok.solo.free-end":
            ("bangkok_variants", 1, "Solo, turn 1",
             "Bangkok: solo and expert"),
        "bangkok.solo.turns":
            ("bangkok_variants", 2, "Solo, turn 2",
             "Bangkok: solo and expert"),
    },
    "klongs": {
        "klongs.place.entry":
            ("klongs_walkthrough", 1, "Mary's first boat",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.lukphat":
            ("klongs_walkthrough", 2, "The counter moves",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.market.little":
            ("klongs_walkthrough", 5, "John ends his turn",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.market.big":
            ("klongs_specials", 8, "Sarah reaches the Big Market Day",
             "Bangkok Klongs: thief, inspector and the final stock"),
        "klongs.landing.full":
            ("klongs_walkthrough", 3, "The landing before the market day",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.landing.score":
            ("klongs_walkthrough", 6, "John scores landing Lb2",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.landing.remove":
            ("klongs_walkthrough", 6, "John scores landing Lb2",
             "Bangkok Klongs: the rulebook's examples"),
        "klongs.thief":
            ("klongs_specials", 1, "A thief in red's hand",
             "Bangkok Klongs: thief, inspector and the final stock"),
        "klongs.inspector":
            ("klongs_specials", 2, "The thief arrives",
             "Bangkok Klongs: thief, inspector and the final stock"),
        "klongs.inspector.two-thieves":
            ("klongs_specials", 5, "Two thieves in the inspector's column",
             "Bangkok Klongs: thief, inspector and the final stock"),
        "klongs.stock":
            ("klongs_specials", 9, "The stock is scored",
             "Bangkok Klongs: thief, inspector and the final stock"),
        "klongs.winner":
            ("klongs_specials", 9, "The stock is scored",
             "Bangkok Klongs: thief, inspector and the final stock"),
    },
    "tindahan": {
        "tindahan.setup.cart":
            ("tindahan_walkthrough", 1, "The deal: A starts the trick",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.cart.starting-player-only":
            ("tindahan_walkthrough", 2, "A moves the cart to mango",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.cart.next-must-play":
            ("tindahan_walkthrough", 3, "B must play a card",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.trump":
            ("tindahan_walkthrough", 2, "A moves the cart to mango",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.follow-suit":
            ("tindahan_walkthrough", 5, "D follows suit",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.seller.not-starting-player":
            ("tindahan_walkthrough", 1, "The deal: A starts the trick",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.seller.led-stall":
            ("tindahan_walkthrough", 4, "C sends a seller",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.trick.winner":
            ("tindahan_walkthrough", 6, "E trumps and takes the trick",
             "Tindahan: the rulebook's A–E trick"),
        "tindahan.trick.next-leader":
            ("tindahan_walkthrough", 6, "E trumps and takes the trick",
             "Tindahan: the rulebook's A–E trick"),
    },
    "bastos": {
        "bastos.setup.deal":
            ("bastos_walkthrough", 1, "Four players: the deal",
             "Bastos!: the rulebook's examples"),
        "bastos.colour.choose":
            ("bastos_walkthrough", 1, "Four players: the deal",
             "Bastos!: the rulebook's examples"),
        "bastos.colour.raises-value":
            ("bastos_walkthrough", 2, "The picks are revealed",
             "Bastos!: the rulebook's examples"),
        "bastos.follow-suit":
            ("bastos_walkthrough", 3, "Three players: A leads mango",
             "Bastos!: the rulebook's examples"),
        "bastos.trump.declare":
            ("bastos_walkthrough", 3, "Three players: A leads mango",
             "Bastos!: the rulebook's examples"),
        "bastos.trump.lowers-value":
            ("bastos_walkthrough", 5, "C makes durian trump",
             "Bastos!: the rulebook's examples"),
        "bastos.trump.counts-at-once":
            ("bastos_walkthrough", 5, "C makes durian trump",
             "Bastos!: the rulebook's examples"),
        "bastos.colour.never-wins":
            ("bastos_walkthrough", 6, "A leads their own Bastos! colour",
             "Bastos!: the rulebook's examples"),
        "bastos.colour.adjust":
            ("bastos_walkthrough", 6, "A leads their own Bastos! colour",
             "Bastos!: the rulebook's examples"),
        "bastos.trick.leader-takes":
            ("bastos_walkthrough", 7, "Nobody can follow: the leader takes it",
             "Bastos!: the rulebook's examples"),
        "bastos.trick.highest-follower":
            ("bastos_walkthrough", 8, "Everybody follows: the best follower takes it",
             "Bastos!: the rulebook's examples"),
        "bastos.trick.set-aside":
            ("bastos_walkthrough", 9, "Everybody plays their own colour",
             "Bastos!: the rulebook's examples"),
    },
}
