"""What a seat may know in Convolution: everything but the next dice."""

from __future__ import annotations

from app.games.convolution import Convolution
from app.games.secrets import Keeper


class ConvolutionKeeper(Keeper):
    """Nothing is secret: every seat sees the same dice and sheets (rules.md)."""

    def __init__(self) -> None:
        super().__init__(
            Convolution(),
            ((2, {"first_player": "random"}), (2, {"first_player": "guest"})),
        )
