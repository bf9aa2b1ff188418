# %% [markdown]
# # Rules Explorer
#
# Learn and play four market games from Southeast Asia on a table in your browser. Every rule is checked
# as you play, every point is explained, and each walkthrough steps through the rulebook's own examples
# on the table.
#
# **New here? Start with [Learn to play Tindahan](tindahan_tutorial.ipynb):** a first game against
# friendly bots with a guide beside the table, which explains each rule the moment it matters. Every
# game has one: it is the first link in its row below.
#
# ## The four games
#
# | game | in one line | learn to play | the rulebook's examples | play |
# |---|---|---|---|---|
# | **Tindahan** | Win tricks or send sellers to the market stalls; most sellers at a stall score. 3–5 players. | [Learn to play Tindahan](tindahan_tutorial.ipynb) | [Tindahan walkthrough](tindahan_walkthrough.ipynb) | [Play Tindahan](tindahan_play.ipynb) |
# | **Bastos!** | Tricks with fruit values that rise and fall as you play, and a secret colour that never wins. 3–4 players. | [Learn to play Bastos!](bastos_tutorial.ipynb) | [Bastos! walkthrough](bastos_walkthrough.ipynb) | [Play Bastos!](bastos_play.ipynb) |
# | **Bangkok** | Take cards from the harbour and build a floating market that scores for your secret goal. 2–4 players, or alone. | [Learn to play Bangkok](bangkok_tutorial.ipynb) · [Learn to play alone](bangkok_solo_tutorial.ipynb) | [1 Improving your hand](bangkok_hand.ipynb) · [2 Completing the port](bangkok_port.ipynb) · [3 The floating market](bangkok_market.ipynb) · [4 Renewing the port](bangkok_renew.ipynb) · [5 Scoring](bangkok_scoring.ipynb) · [6 Solo and expert](bangkok_variants.ipynb) | [Play Bangkok](bangkok_play.ipynb) · [Play Bangkok alone](bangkok_solo.ipynb) |
# | **Bangkok Klongs** | Place boats on the canals, stand your merchants on them and score the landings on market days. 2–4 players. | [Learn to play Bangkok Klongs](klongs_tutorial.ipynb) | [Boats, hoods and market days](klongs_walkthrough.ipynb) · [Special boats and the final scoring](klongs_specials.ipynb) · [Where the rulebooks disagree](klongs_readings.ipynb) · [The parts no rulebook prints](klongs_editions.ipynb) | [Play Bangkok Klongs](klongs_play.ipynb) |
#
# ## Where to go next
#
# - **Tindahan and Bastos!** use the same fruit cards: learn Tindahan first, then Bastos! changes how
#   much each fruit is worth.
# - **Bangkok** has six short parts; take them in order, each one builds on the last.
# - **Bangkok Klongs** starts with [boats, hoods and market days](klongs_walkthrough.ipynb).
#
# In a guided first game the guide sits beside the table: it explains each rule as it first applies,
# outlines the part of the table it is about, asks you to try the move it is teaching, and after each
# round or market day shows what just scored and why.
#
# In every walkthrough the table comes first, with **Back** and **Next step** beside it. You can try
# your own move at any step, and **Reset step** brings the book's position back. In the games you play
# against bots you choose how fast they move, can take a move back, read every move in the move log, and
# see every score with the rule behind it.
#
# ## More ways in
#
# - **[Learn in JupyterLab](learn.ipynb):** type moves yourself, see the table drawn after each one,
#   ask which moves are legal and read why a move is refused; each game ends with a small exercise
#   the engine checks.
# - **[Practice](practice.ipynb):** questions about real tables that the engine marks (which moves may
#   you play, who takes the trick, how many points), each answer with its reason and the rules' text.
# - **[The rules, by game](rules.ipynb):** every rule in plain words, by the rulebook's sections, with a
#   search box; each rule links to a table that shows it. A refused move or a score line in the apps
#   links here too.
# - **[Score your own table](score_table.ipynb):** played on paper or with the real game? Build the end
#   position by clicking and get the itemised score sheet, each line with its rule.
# - **[Explore the rules](analysis.ipynb):** thousands of bot games measure what a rules variant, a
#   reading or a seat does to the game, with their uncertainty; ask your own question.

# %%
# The four games this page presents are the engine's games (nothing is shown: the page is the text above).
import explorer

assert {"tindahan", "bastos", "bangkok", "klongs"} <= set(explorer.GAMES), explorer.GAMES
