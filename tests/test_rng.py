import pytest

from harupan.engine.rng import Rng

from conftest import load_vectors

VECTORS = load_vectors("rng_xoshiro128ss.json")["vectors"]


@pytest.mark.parametrize("vec", VECTORS, ids=[v["seed"] for v in VECTORS])
def test_first_words(vec):
    rng = Rng(vec["seed"])
    assert [rng.next_u32() for _ in vec["first_u32"]] == vec["first_u32"]


@pytest.mark.parametrize("vec", VECTORS, ids=[v["seed"] for v in VECTORS])
def test_below_in_order(vec):
    rng = Rng(vec["seed"])
    assert [rng.below(n) for n, _ in vec["below_in_order"]] == [x for _, x in vec["below_in_order"]]


def test_below_rejects_out_of_range():
    rng = Rng("x")
    with pytest.raises(ValueError):
        rng.below(0)
    with pytest.raises(ValueError):
        rng.below((1 << 32) + 1)
    assert 0 <= rng.below(1 << 32) < 1 << 32


def test_shuffle_is_fisher_yates_from_the_top():
    items = list(range(10))
    Rng("s").shuffle(items)
    expect = list(range(10))
    rng = Rng("s")
    for i in range(9, 0, -1):
        j = rng.below(i + 1)
        expect[i], expect[j] = expect[j], expect[i]
    assert items == expect
    assert sorted(items) == list(range(10))
