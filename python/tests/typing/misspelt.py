"""What `mypy --strict` must reject (test_typing.py): each line marked
"# error" is one error, a misspelt key or a wrong type."""
import cardsim

cardsim.sim(deks=8)  # error
cardsim.sim(decks="8")  # error
cardsim.sim(surrender="sometimes")  # error
cardsim.analyze(composition_dependant=True)  # error
cardsim.chart(hit_soft_17=True)  # error
cardsim.sweep(vary={"decks": [1, 2]}, roundz="1M")  # error
cardsim.compare([{}, {"h17": True}], decks=2)  # error
cardsim.zjh.exact(tie="suits")  # error
cardsim.zjh.sim(ties="sometimes")  # error
print(cardsim.sim().csv)  # error
