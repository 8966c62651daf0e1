"""DialOp Planning: the exact ``Search`` tool (the paper's query language over an instance's sites)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.data import load_recorded
from games.dialop.planning import PlanningInstance, travel_miles
from games.dialop.planning_game import PlanningGame
from games.dialop.planning_search import (
    And,
    Condition,
    Not,
    Or,
    SearchQuery,
    SortKey,
    format_results,
    parse_query,
    run_search,
    search_columns,
    search_sites,
    site_info,
)


@pytest.fixture(scope="module")
def inst() -> PlanningInstance:
    # Recorded game 0 holds the paper's site names (Mad Seoul, Moabit Garden, Garden of Wonders, ...).
    return PlanningInstance.from_record(load_recorded("planning")[0])


def names(rows):
    return [row["name"] for row in rows]


def by_name(inst, predicate):
    return sorted((s.name for s in inst.sites if predicate(s)), key=lambda n: (n.lower(), n))


# ----------------------------------------------------------------------------------------------
# Parsing


def test_parse_full_query():
    q = parse_query(
        "Search(fields=[name, category, good for kids], filters=[good for kids OR viewpoint, price <= 30],"
        " text_query=live music, sort_by=[distance_to(Mad Seoul), -price], limit=2)"
    )
    assert q == SearchQuery(
        fields=("name", "category", "good for kids"),
        filters=(Or((Condition("good for kids"), Condition("viewpoint"))), Condition("price", "<=", "30")),
        text_query="live music",
        sort_by=(SortKey("distance_to(Mad Seoul)"), SortKey("price", True)),
        limit=2,
    )


def test_parse_precedence_and_not():
    q = parse_query("Search(filters=[NOT a OR b AND (c OR d)])")
    assert q.filters == (Or((Not(Condition("a")), And((Condition("b"), Or((Condition("c"), Condition("d"))))))),)


def test_parse_defaults_and_names_with_and():
    assert parse_query("Search()") == SearchQuery()
    # Lower-case "and" inside a site name is not the AND keyword; "=" is "==".
    q = parse_query('Search(filters=[name = Harper and Rye, cuisine == "korean"])')
    assert q.filters == (Condition("name", "==", "Harper and Rye"), Condition("cuisine", "==", "korean"))


# ----------------------------------------------------------------------------------------------
# The paper's worked examples, on recorded game 0


def test_paper_text_query_good_for_kids(inst):
    rows = search_sites(inst, "Search(fields=[name], text_query=good for kids)")
    assert names(rows) == by_name(inst, lambda s: s.features.get("good for kids") is True)
    assert all(set(row) == {"name"} for row in rows)


def test_paper_text_query_viewpoint_and_parking(inst):
    assert names(search_sites(inst, "Search(fields=[name], text_query=viewpoint)")) == by_name(
        inst, lambda s: s.features.get("viewpoint") is True
    )
    assert names(search_sites(inst, "Search(fields=[name], text_query=has parking)")) == by_name(
        inst, lambda s: s.features.get("has parking") is True
    )


def test_paper_live_music_near_mad_seoul(inst):
    query = (
        "Search(fields=[name, good for kids, has parking, viewpoint], text_query=live music,"
        " sort_by=[distance_to(Mad Seoul)])"
    )
    rows = search_sites(inst, query)
    mad = inst.site("Mad Seoul")
    expected = sorted(
        (s for s in inst.sites if s.features.get("live music") is True),
        key=lambda s: (travel_miles(s, mad), s.name.lower()),
    )
    assert names(rows) == [s.name for s in expected]
    assert search_columns(inst, query) == [
        "name",
        "good for kids",
        "has parking",
        "viewpoint",
        "distance_to(Mad Seoul)",
    ]
    assert rows[0] == {
        "name": expected[0].name,
        "good for kids": expected[0].features.get("good for kids"),
        "has parking": expected[0].features.get("has parking"),
        "viewpoint": expected[0].features.get("viewpoint"),
        "distance_to(Mad Seoul)": travel_miles(expected[0], mad),
    }


def test_paper_kids_or_viewpoint_sorted_by_distance_then_price(inst):
    query = (
        "Search(fields=[name, category, good for kids, has parking, viewpoint], filters=[good for kids OR viewpoint],"
        " sort_by=[distance_to(Mad Seoul), price])"
    )
    rows = search_sites(inst, query)
    mad = inst.site("Mad Seoul")
    match = [s for s in inst.sites if s.features.get("good for kids") is True or s.features.get("viewpoint") is True]
    expected = sorted(match, key=lambda s: (travel_miles(s, mad), s.price, s.name.lower()))
    assert names(rows) == [s.name for s in expected]
    assert "Moabit Garden" in names(rows) and "Garden of Wonders" in names(rows)
    columns = search_columns(inst, query)
    assert columns[-2:] == ["distance_to(Mad Seoul)", "price"]
    table = format_results(rows, columns)
    lines = table.splitlines()
    assert lines[0] == "name|category|good for kids|has parking|viewpoint|distance_to(Mad Seoul)|price"
    first = expected[0]
    kids = first.features.get("good for kids")
    assert lines[1] == "|".join(
        [
            first.name,
            first.category,
            str(kids),
            str(first.features.get("has parking", "-")),
            str(first.features.get("viewpoint", "-")),
            str(travel_miles(first, mad)),
            str(first.price),
        ]
    )


def test_paper_restaurants_near_mad_seoul_with_info(inst):
    text = run_search(
        inst, "Search(fields=[name, price, info], filters=[category == restaurant], sort_by=[distance_to(Mad Seoul)])"
    )
    restaurants = [s for s in inst.sites if s.category == "restaurant"]
    lines = text.splitlines()
    assert lines[0] == f"Search Results ({len(restaurants)}):"
    assert lines[1] == ""
    assert lines[2] == "name|price|info|distance_to(Mad Seoul)"
    assert lines[3] == f"Mad Seoul|70|{site_info(inst.site('Mad Seoul'))}|0.0"
    assert len(lines) == 3 + len(restaurants)


def test_paper_closest_two_with_limit(inst):
    rows = search_sites(inst, "Search(fields=[name], sort_by=[distance_to(Mad Seoul)], limit=2)")
    mad = inst.site("Mad Seoul")
    expected = sorted(inst.sites, key=lambda s: (travel_miles(s, mad), s.name.lower()))[:2]
    assert names(rows) == [s.name for s in expected] and rows[0]["name"] == "Mad Seoul"
    assert search_sites(inst, "Search(limit=0)") == []


def test_info_matches_paper_style():
    inst = PlanningInstance.from_record(load_recorded("planning")[0])
    info = site_info(inst.site("The Dockside Grill"))
    # True booleans by name, categorical values by value, the rating as "rating: x"; no False booleans.
    assert info == "seafood, has parking, live music, rating: 2.5, vegan options"


# ----------------------------------------------------------------------------------------------
# Operators, AND / OR / NOT, text queries


@pytest.mark.parametrize(
    ("op", "check"),
    [
        ("==", lambda p: p == 50),
        ("!=", lambda p: p != 50),
        ("<", lambda p: p < 50),
        ("<=", lambda p: p <= 50),
        (">", lambda p: p > 50),
        (">=", lambda p: p >= 50),
    ],
)
def test_price_operators(inst, op, check):
    rows = search_sites(inst, f"Search(fields=[name, price], filters=[price {op} 50])")
    assert names(rows) == by_name(inst, lambda s: check(s.price))
    assert all(check(row["price"]) for row in rows)


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
def test_rating_operators_skip_sites_without_rating(inst, op):
    checks = {
        "==": lambda r: r == 2.5,
        "!=": lambda r: r != 2.5,
        "<": lambda r: r < 2.5,
        "<=": lambda r: r <= 2.5,
        ">": lambda r: r > 2.5,
        ">=": lambda r: r >= 2.5,
    }
    rows = search_sites(inst, f"Search(fields=[name, rating], filters=[rating {op} 2.5])")
    assert names(rows) == by_name(inst, lambda s: "rating" in s.features and checks[op](s.features["rating"]))


def test_category_and_feature_equality(inst):
    assert names(search_sites(inst, "Search(filters=[category == PARK])")) == by_name(
        inst, lambda s: s.category == "park"
    )
    assert names(search_sites(inst, "Search(filters=[category != park])")) == by_name(
        inst, lambda s: s.category != "park"
    )
    assert names(search_sites(inst, "Search(filters=[cuisine == seafood])")) == by_name(
        inst, lambda s: s.features.get("cuisine") == "seafood"
    )
    assert names(search_sites(inst, "Search(filters=[cuisine != seafood])")) == by_name(
        inst, lambda s: "cuisine" in s.features and s.features["cuisine"] != "seafood"
    )
    assert names(search_sites(inst, "Search(filters=[has_parking == false])")) == by_name(
        inst, lambda s: s.features.get("has parking") is False
    )
    assert names(search_sites(inst, "Search(filters=[name == saul's])")) == ["Saul's"]


def test_and_or_not(inst):
    def kids(s):
        return s.features.get("good for kids") is True

    def parking(s):
        return s.features.get("has parking") is True

    assert names(search_sites(inst, "Search(filters=[good for kids AND has parking])")) == by_name(
        inst, lambda s: kids(s) and parking(s)
    )
    # A filter list is intersected like AND.
    assert names(search_sites(inst, "Search(filters=[good for kids, has parking])")) == by_name(
        inst, lambda s: kids(s) and parking(s)
    )
    assert names(search_sites(inst, "Search(filters=[good for kids OR has parking])")) == by_name(
        inst, lambda s: kids(s) or parking(s)
    )
    assert names(search_sites(inst, "Search(filters=[NOT good for kids AND price < 20])")) == by_name(
        inst, lambda s: not kids(s) and s.price < 20
    )
    assert names(search_sites(inst, "Search(filters=[category == park AND (viewpoint OR has parking)])")) == by_name(
        inst, lambda s: s.category == "park" and (s.features.get("viewpoint") is True or parking(s))
    )


def test_distance_filter(inst):
    mad = inst.site("Mad Seoul")
    rows = search_sites(inst, "Search(filters=[distance_to(Mad Seoul) <= 1.0])")
    assert names(rows) == by_name(inst, lambda s: travel_miles(s, mad) <= 1.0)


def test_text_query_words_all_match_case_insensitive(inst):
    rows = search_sites(inst, "Search(text_query=LIVE Music SEAFOOD)")
    assert names(rows) == by_name(
        inst, lambda s: s.features.get("live music") is True and s.features.get("cuisine") == "seafood"
    )
    assert names(search_sites(inst, "Search(text_query=mad seoul)")) == ["Mad Seoul"]
    assert names(search_sites(inst, "Search(text_query=museum)")) == by_name(inst, lambda s: s.category == "museum")


# ----------------------------------------------------------------------------------------------
# Sorting and distances


def test_sort_descending_and_ties_by_name(inst):
    rows = search_sites(inst, "Search(fields=[name, price], sort_by=[-price])")
    expected = sorted(inst.sites, key=lambda s: (-s.price, s.name.lower()))
    assert names(rows) == [s.name for s in expected]
    rows = search_sites(inst, "Search(fields=[name, category], sort_by=[category])")
    assert names(rows) == [s.name for s in sorted(inst.sites, key=lambda s: (s.category, s.name.lower()))]
    # Without sort_by: by name.
    assert names(search_sites(inst, "Search()")) == by_name(inst, lambda s: True)


def test_sort_missing_values_last_both_ways(inst):
    for key in ("rating", "-rating"):
        rows = search_sites(inst, f"Search(fields=[name, rating], sort_by=[{key}])")
        ratings = [row["rating"] for row in rows]
        present = [r for r in ratings if r is not None]
        assert ratings[: len(present)] == sorted(present, reverse=key.startswith("-"))
        assert all(r is None for r in ratings[len(present) :])


def test_sort_stable_under_database_order(inst):
    query = "Search(fields=[name, category, price], sort_by=[category, -price])"
    shuffled = PlanningInstance(tuple(reversed(inst.sites)), inst.preferences, inst.rules)
    assert search_sites(inst, query) == search_sites(shuffled, query)
    assert search_sites(inst, query) == search_sites(inst, parse_query(query))


def test_distance_to_matches_planning_module_on_generated_instance():
    instance = PlanningGame().new_initial_state(3).instance
    target = instance.sites[5]
    rows = search_sites(instance, f"Search(fields=[name], sort_by=[distance_to({target.name})])")
    label = f"distance_to({target.name})"
    assert len(rows) == len(instance.sites)
    for row in rows:
        assert row[label] == travel_miles(instance.site(row["name"]), target)
    assert [row[label] for row in rows] == sorted(row[label] for row in rows)
    assert rows[0]["name"] == target.name and rows[0][label] == 0.0


def test_format_results_empty_and_missing():
    assert format_results([], ["name", "price"]) == "name|price"
    assert format_results([{"name": "X", "price": None}], ["name", "price"]) == "name|price\nX|-"


# ----------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("Find(fields=[name])", "Search(param=value"),
        ("Search(fields=[name]", "Search(param=value"),
        ("Search(fields=[nme])", "unknown field 'nme'"),
        ("Search(fields=[])", "fields must not be empty"),
        ("Search(fields=[name,, price])", "empty item"),
        ("Search(colour=[red])", "unknown parameter 'colour'"),
        ("Search(limit=2, limit=3)", "given twice"),
        ("Search(limit=two)", "limit must be"),
        ("Search(limit=-1)", "limit must be"),
        ("Search(name)", "expected param=value"),
        ("Search(sort_by=[distance_to(Nowhere)])", "unknown site 'Nowhere'"),
        ("Search(filters=[name == Nowhere])", "unknown site 'Nowhere'"),
        ("Search(filters=[category == concert])", "unknown category 'concert'"),
        ("Search(filters=[price < cheap])", "compares with a number"),
        ("Search(filters=[category < park])", "needs a numeric field"),
        ("Search(filters=[good for kids == maybe])", "True or False"),
        ("Search(filters=[price])", "needs a comparison"),
        ("Search(filters=[price <])", "missing value"),
        ("Search(filters=[(price < 3])", "unbalanced"),
        ("Search(filters=[price < 3 AND])", "missing condition"),
        ("Search(filters=[AND price < 3])", "expected a condition"),
        ("Search(filters=[price ! 3])", "unexpected '!'"),
        ("Search(filters=[price < 3 4 < price])", "unexpected"),
        ("Search(text_query=)", "text_query must not be empty"),
        ('Search(text_query="abc)', "unterminated double quote"),
        ("Search(fields=[distance_to()])", "distance_to() needs a site name"),
        ("Search(\nfilters=[zzz\n== 1])", "unknown field"),
    ],
)
def test_malformed_queries_raise_one_line_value_error(inst, query, message):
    with pytest.raises(ValueError) as info:
        search_sites(inst, query)
    text = str(info.value)
    assert message in text
    assert "\n" not in text and text


def test_parse_query_rejects_non_strings():
    with pytest.raises(ValueError, match="must be a string"):
        parse_query(42)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# Fuzzing: only ValueError, always one line

_PIECES = [
    "Search(",
    ")",
    "fields=",
    "filters=",
    "text_query=",
    "sort_by=",
    "limit=",
    "[",
    "]",
    ",",
    " ",
    "name",
    "price",
    "category",
    "good for kids",
    "rating",
    "info",
    "-",
    "distance_to(",
    "Mad Seoul",
    "Saul's",
    "AND",
    "OR",
    "NOT",
    "(",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "=",
    "!",
    '"',
    "'",
    "3",
    "2.5",
    "nan",
    "inf",
    "1e400",
    "True",
    "restaurant",
    "\n",
]


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from(_PIECES), max_size=25).map("".join),
        st.lists(st.sampled_from(_PIECES), max_size=25).map(lambda xs: "Search(" + "".join(xs) + ")"),
        st.text(max_size=60),
        st.text(max_size=60).map(lambda t: f"Search(filters=[{t}])"),
    )
)
def test_any_query_string_raises_only_one_line_value_errors(query):
    inst = _FUZZ_INSTANCE
    try:
        rows = search_sites(inst, query)
    except ValueError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert isinstance(rows, list)
        format_results(rows, search_columns(inst, query))


_FUZZ_INSTANCE = PlanningInstance.from_record(load_recorded("planning")[0])
