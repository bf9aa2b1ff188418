# %% [markdown]
# # The rules, game by game
#
# Every rule the Rules Explorer plays by, in plain words and grouped by the rulebook's sections. Choose
# a game, or type a few words into **Search** to see only the rules that contain them. Under a rule,
# **See it in the rulebook's example** opens the step-by-step page at the step that shows it, **Try it**
# opens an exercise about it on the practice page, and **Learned in the guided game** opens the first
# game whose guide teaches it (where there is one). A rule that a rules option decides (a variant, or
# one reading of a sentence the rulebooks leave open) says so, in the option's own words. The small text
# in brackets after each rule is its name: refusals and score sheets use it, and their "Read the rule"
# links bring you here.
#
# [All apps](index.ipynb) · [Practice](practice.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.rules_page import rules_app

rules_app()
