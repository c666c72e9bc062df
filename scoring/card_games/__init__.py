"""Card games of cards.md: Deberts, Thousand, Devyatka, Golf, Card Ball and Nine-card Don."""
