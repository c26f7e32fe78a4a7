"""Convolution, the two-player dice game of shared rolls."""

from app.games.convolution.rules import Convolution

__all__ = ["Convolution"]
