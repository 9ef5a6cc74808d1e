"""A seat's observation and action mask as NumPy arrays, for the environments (needs NumPy: the ``rl`` extra).

The observation comes from the game's fast path (``encode_state``: the same numbers as encoding the seat's view, in
the sparse form of ``gamenight.core.encoding.Sparse``): the bits of ``ones`` become float32 ones and zeros in one
``take`` from a table of the 256 bytes' bits, then the ``values`` are written at their places. The mask is int8
zeros with a 1 at each legal action's id, for the seat to act (all zeros for any other seat). Every call makes new
arrays, which the caller may keep (a replay buffer does).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core.game import Game, State
from .observations import encoding_module, observation_size

# row b: the 8 bits of the byte b, lowest first, as float32
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)


class Arrays:
    """Makes ``game``'s observations (``observation_size(game)`` float32 numbers) and masks (``num_distinct_actions``
    int8 flags) from its states."""

    def __init__(self, game: Game[Any, Any]):
        self.size = observation_size(game)
        self.num_actions = game.num_distinct_actions
        self._encode_state = encoding_module(game).encode_state
        self._bytes = (self.size + 7) // 8
        self._whole = self._bytes * 8 == self.size   # the bytes' bits are exactly the observation's places
        self._buffer = bytearray(self._bytes)   # the bytes of ``ones``, which ``_indices`` reads (copied by take)
        self._indices = np.frombuffer(self._buffer, np.uint8)

    def __call__(self, state: State[Any, Any], seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The observation (``encode(game, state.view(seat))`` as float32, by the fast path) and the mask (1 at each
        legal action's id if ``seat`` is to act, else all zeros) of ``seat``."""
        ones, at, values = self._encode_state(state, seat)
        self._buffer[:] = ones.to_bytes(self._bytes, "little")
        observation = _BYTE_BITS.take(self._indices, axis=0).ravel()
        if not self._whole:
            observation = observation[:self.size]
        if at:
            view = observation.data
            for i, x in zip(at, values):
                view[i] = x  # type: ignore[call-overload]  # a float32 array's memoryview takes floats; typeshed: ints
        mask = np.zeros(self.num_actions, np.int8)
        if state.current_player == seat:
            view = mask.data
            for action in state.legal_now():    # the engine's own list, only read here
                view[action.id] = 1
        return observation, mask

    def mask(self, state: State[Any, Any], seat: int) -> np.ndarray:
        """The mask alone (as ``__call__`` makes it)."""
        mask = np.zeros(self.num_actions, np.int8)
        if state.current_player == seat:
            view = mask.data
            for action in state.legal_now():
                view[action.id] = 1
        return mask
