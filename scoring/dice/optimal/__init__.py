"""The optimal solitaire strategy of the dice score-sheet games (Yahtzee, Yatzy, Yacht): a
dynamic programme over sheet states that maximises the expected final score, and the advice
it gives for the turn in progress."""
