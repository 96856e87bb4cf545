"""The examples of docs/python.md and of the package's docstring, as a user
writes them: `mypy --strict` must accept this file (test_typing.py)."""
import cardsim

r = cardsim.sim("configs/6d-s17-das.json", decks=8, h17=True, rounds="20M", seed=7)
summary: str = r["rules_summary"]
edge: float = r["edge"]["house_edge_percent"]
by_upcard = cardsim.to_frame(r)[["rounds", "played_out.final.bust", "played_out.bust_standard_error"]]

result = cardsim.sim("configs/6d-s17-das.json", decks=8, rounds=10_000_000, seed=7)
cardsim.to_frame(result)

try:
    cardsim.sim(rounds="1G")
except cardsim.Interrupted as stop:
    p = stop.partial
    if p is not None:
        print(p["run"]["partial"], p["run"]["rounds"], p["edge"]["house_edge_percent"])

c = cardsim.compare(["configs/6d-s17-das.json", "configs/6d-h17-das.json"], rounds="10M", seed=3)
csv_text: str = c.csv
cardsim.to_frame(c)[["house_edge_percent", "se_percent", "change_percent", "change_se_percent"]]
s = cardsim.sweep(vary={"decks": [1, 2, 6, 8], "h17": [False, True]}, rounds="50k", surrender="late")
print(s.csv.splitlines()[0])
f = cardsim.to_frame(cardsim.analyze(decks=1, h17=True))
f.loc["A"]
cardsim.to_frame(cardsim.zjh.exact(variant="teen-patti"))[["hands", "heads_up.win.fraction"]]
simulated = cardsim.zjh.sim(players=6, deals="100k", ties="suits", special_235=True)
chart_text: str = cardsim.chart(decks=2, h17=True, surrender="late")
keys = cardsim.config_keys()
print(keys[0]["key"], cardsim.__version__)
cardsim.sim(count="hi-lo", bet_ramp="1:1,2:4,3:8", indices="illustrious18-fab4-s17", wong_in=1, rounds="1M",
            progress=True)
