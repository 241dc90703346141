"""200 random models against the bitwise reference, on random lengths and buffer types."""

import random

import pytest

import crcstamp
from bitwise import buffers, crc as reference, seed

SEED = seed()


def draw_models(rng, count):
    models = []
    for i in range(count):
        # Every width from 1 to 128 once, then random ones; reflection crossed in a quarter.
        width = i + 1 if i < 128 else rng.randint(1, 128)
        mask = (1 << width) - 1
        poly = rng.randint(1, mask)
        refin = rng.random() < 0.5
        refout = refin if rng.random() < 0.75 else not refin
        models.append((width, poly | 1 if rng.random() < 0.9 else poly,
                       rng.choice([0, mask, rng.randint(0, mask)]), refin, refout,
                       rng.choice([0, mask, rng.randint(0, mask)])))
    return models


MODELS = draw_models(random.Random(SEED), 200)


@pytest.mark.parametrize("index", range(len(MODELS)))
def test_random_model(index):
    rng = random.Random(SEED * 1000 + index)
    width, poly, init, refin, refout, xorout = MODELS[index]
    crc = crcstamp.Crc(width=width, poly=poly, init=init, refin=refin, refout=refout,
                       xorout=xorout)
    assert crc.check == reference(width, poly, init, refin, refout, xorout, b"123456789")
    # Short (the head and tail paths), medium and long enough for every folding kernel.
    for length in (rng.randint(0, 16), rng.randint(17, 300), rng.randint(301, 2100)):
        data = rng.randbytes(length)
        expected = reference(width, poly, init, refin, refout, xorout, data)
        label, buf = rng.choice(buffers(data))
        assert crc.checksum(buf) == expected, (label, length, crc)
