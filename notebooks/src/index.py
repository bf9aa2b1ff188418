# %% [markdown]
# # Rules Explorer
#
# Learn, check and play the rules of three Southeast-Asian market games. Every rule is enforced and
# every score itemised by one engine; each walkthrough replays the rulebook's own examples and prints
# the engine's numbers beside the book's.
#
# ## Filipino Fruit Market
#
# | game | learn the rules | play against bots |
# |---|---|---|
# | **Tindahan** — tricks and market-stall majorities, 3–5 players | [Tindahan walkthrough](tindahan_walkthrough.ipynb) | [Play Tindahan](tindahan_play.ipynb) |
# | **Bastos!** — tricks with a changing value table, 3–4 players | [Bastos! walkthrough](bastos_walkthrough.ipynb) | [Play Bastos!](bastos_play.ipynb) |
#
# ## Bangkok Klongs
#
# Boats on the canals of old Bangkok: claim them with your merchants, race the Luk Phat counter to the
# market days and score the landings, then the goods in your stock. 2–4 players.
#
# | learn the rules | play against bots |
# |---|---|
# | [Boats, hoods, the Luk Phat track and market days](klongs_walkthrough.ipynb) · [Special boats, the Big Market Day and the final scoring](klongs_specials.ipynb) · [Where the rulebooks disagree](klongs_readings.ipynb) | [Play Bangkok Klongs](klongs_play.ipynb) |
#
# ## Bangkok
#
# Draft cards from a 3×3 port and build a 3×3 floating market that scores for your secret objective
# and its chilli cards. 2–4 players, or alone against the clock.
#
# | learn the rules | play |
# |---|---|
# | [1 Improving your hand](bangkok_hand.ipynb) · [2 Completing the port](bangkok_port.ipynb) · [3 The floating market](bangkok_market.ipynb) · [4 Renewing the port](bangkok_renew.ipynb) · [5 Scoring](bangkok_scoring.ipynb) · [6 Solo and expert](bangkok_variants.ipynb) | [Play Bangkok](bangkok_play.ipynb) · [Play Bangkok solo](bangkok_solo.ipynb) |

# %%
# The engine behind every page: which games it knows and how many rulebook examples it reproduces.
import explorer
from explorer._examples import verify

verdicts = verify(["tindahan", "bastos"])
print(f"games: {', '.join(explorer.GAMES)}")
print(f"Filipino Fruit Market examples reproduced: {sum(v.ok for v in verdicts)} of {len(verdicts)}")
klongs = verify(["klongs"])
print(f"Bangkok Klongs examples reproduced: {sum(v.ok for v in klongs)} of {len(klongs)}")
bangkok = verify(["bangkok"])
print(f"Bangkok examples reproduced: {sum(v.ok for v in bangkok)} of {len(bangkok)}")
