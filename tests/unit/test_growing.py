"""The O(1) growing collections under the written intake and the judging queue
(rules/growing.py) behave as immutable values: every version keeps what it held, whichever
version is grown and in whatever order (thousands of hand-ins to one question).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.growing import GrowingList, GrowingMap

# Each step grows one of the versions made so far: (which version, key, value).
STEPS = st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 6), st.integers()), max_size=40)


@given(STEPS)
def test_every_version_of_a_growing_map_equals_the_dict_it_was_made_as(steps):
    versions: list[tuple[GrowingMap[int, int], dict[int, int]]] = [(GrowingMap(), {})]
    for which, key, value in steps:
        grown, model = versions[which % len(versions)]
        versions.append((grown.set(key, value), {**model, key: value}))
    for grown, model in versions:
        assert grown == model and dict(grown) == model and len(grown) == len(model)
        assert list(grown) == list(model)  # in order of each key's first setting
        assert all((k in grown) == (k in model) for k in range(7))


@given(st.lists(st.tuples(st.integers(0, 1000), st.integers()), max_size=40))
def test_every_version_of_a_growing_list_equals_the_tuple_it_was_made_as(steps):
    versions: list[tuple[GrowingList[int], tuple[int, ...]]] = [(GrowingList(), ())]
    for which, item in steps:
        grown, model = versions[which % len(versions)]
        versions.append((grown.appended(item), (*model, item)))
    for grown, model in versions:
        assert grown == model and tuple(grown) == model and len(grown) == len(model)
        if model:
            assert grown[0] == model[0] and grown[-1] == model[-1] and grown[1:] == model[1:]
