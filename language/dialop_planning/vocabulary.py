"""The DialOp Planning vocabulary: ratings, boolean and categorical features, kinds of place and question topics."""

from __future__ import annotations

from typing import Literal, TypeGuard, get_args

Value = bool | float | str

RATINGS = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0)
LOW_RATINGS = (1.0, 1.5, 2.0, 2.5)

# boolean feature -> (phrase of True, synonyms, phrase of False or None)
BOOL_FEATURES: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "live music": ("live music", ("live music", "concert", "music", "band"), None),
    "viewpoint": (
        "views",
        ("views", "view", "viewpoint", "viewpoints", "panoramic", "scenic", "overlook", "vista"),
        None,
    ),
    "good for kids": ("kid-friendly places", ("kid-friendly", "kid", "kids", "children", "child", "family"), None),
    "good for groups": ("group-friendly places", ("group-friendly", "group", "groups"), None),
    "touristy": ("touristy spots", ("touristy", "tourist", "tourists", "classic"), "hidden spots"),
    "accepts reservations": (
        "reservations",
        ("reservation", "reservations", "reservable", "reserve", "reserved", "book ahead", "booked ahead"),
        None,
    ),
    "outdoor seating": (
        "outdoor seating",
        (
            "outdoor seating",
            "outdoor dining",
            "outdoor options",
            "outdoor tables",
            "outdoor eating",
            "outdoor space",
            "outdoor places",
            "seating outside",
            "sit outside",
            "eat outside",
            "outdoors",
            "patio",
            "covid",
        ),
        None,
    ),
    "vegetarian options": ("vegetarian options", ("vegetarian", "veggie"), None),
    "vegan options": ("vegan options", ("vegan",), None),
    "has wifi": ("wifi", ("wifi", "wi-fi", "internet"), None),
    "has parking": ("parking", ("parking", "park my car"), None),
    "has takeout": ("takeout", ("takeout", "take-out", "take out", "to-go"), None),
}
HIDDEN_WORDS = (
    "hidden",
    "non-touristy",
    "nontouristy",
    "off the beaten",
    "local spots",
    "local places",
    "not touristy",
    "non touristy",
    "less touristy",
    "not too touristy",
    "not very touristy",
    "not so touristy",
    "low-key",
    "low key",
    "tourist radar",
    "off the tourist",
    "hidden gems",
    "local favorites",
)
CATEGORICAL: dict[str, tuple[tuple[str, ...], str]] = {
    "cuisine": (
        ("american", "chinese", "japanese", "korean", "french", "ethiopian", "spanish", "kosher", "thai", "seafood"),
        " food",
    ),
    "ambience": (("divey", "hipster", "casual", "trendy", "intimate", "romantic", "classy", "serious"), " places"),
    "alcohol type": (("beer", "wine", "cocktails"), ""),
}
Category = Literal["restaurant", "bar", "cafe", "museum", "landmark", "park", "shop"]
CATEGORIES: tuple[Category, ...] = get_args(Category)
CATEGORY_WORDS: dict[Category, tuple[str, ...]] = {
    "restaurant": ("restaurant", "restaurants"),
    "bar": ("bar", "bars", "pub", "pubs"),
    "cafe": ("cafe", "cafes", "café", "coffee shop"),
    "museum": ("museum", "museums"),
    "landmark": ("landmark", "landmarks", "monument", "memorial"),
    "park": ("park", "parks"),
    "shop": ("shop", "shops", "shopping", "mall", "store"),
}
Topic = Literal[
    "anything",
    "budget",
    "travel",
    "places",
    "category",
    "rating",
    "cuisine",
    "ambience",
    "alcohol type",
    # every boolean feature, in the order of BOOL_FEATURES
    "live music",
    "viewpoint",
    "good for kids",
    "good for groups",
    "touristy",
    "accepts reservations",
    "outdoor seating",
    "vegetarian options",
    "vegan options",
    "has wifi",
    "has parking",
    "has takeout",
]
TOPICS: tuple[Topic, ...] = get_args(Topic)


def is_topic(name: str) -> TypeGuard[Topic]:
    """Whether ``name`` is a question topic (a feature name is one)."""
    return name in TOPICS


assert TOPICS[-len(BOOL_FEATURES) :] == tuple(BOOL_FEATURES), "Topic names every boolean feature, in order"
TOPIC_PHRASES: dict[str, str] = {
    "anything": "anything",
    "budget": "budget",
    "travel": "travel distance",
    "places": "specific places",
    "category": "kinds of places",
    "rating": "ratings",
    "cuisine": "cuisine",
    "ambience": "ambience",
    "alcohol type": "drinks",
    **{feature: phrase for feature, (phrase, _, _) in BOOL_FEATURES.items()},
}
TOPIC_WORDS: dict[Topic, tuple[str, ...]] = {
    "budget": ("budget", "price", "cost", "spend", "money", "afford", "expensive", "cheap"),
    "travel": ("travel", "distance", "how far", "too far", "far away", "walk", "drive", "close"),
    "places": ("specific places", "places you want", "must-see", "must see", "particular place"),
    "category": ("kinds of places", "type of place", "types of places", "kind of place", "categories"),
    "rating": ("rating", "ratings", "rated", "stars", "reviews"),
    "cuisine": ("cuisine", "food", "eat", "dinner", "lunch"),
    "ambience": ("ambience", "ambiance", "vibe", "atmosphere"),
    "alcohol type": ("drinks", "drink", "alcohol", "beer", "wine", "cocktails"),
    **{topic: BOOL_FEATURES[topic][1] for topic in TOPICS if topic in BOOL_FEATURES},
}
TOPIC_EXTRA: dict[Topic, tuple[str, ...]] = {
    "category": ("sights", "attractions", "activities", "kinds of things", "types of things"),
    "good for groups": ("alone", "solo", "how many", "party size", "by yourself", "anyone with you", "traveling with"),
    "has parking": ("car",),
    "outdoor seating": ("covid conscious",),
    **{feature: values for feature, (values, _) in CATEGORICAL.items() if is_topic(feature)},
}
"""Words of a question's topic beyond the feature's own ("are you traveling alone?")."""
TOPIC_WORDS.update({topic: TOPIC_WORDS[topic] + extra for topic, extra in TOPIC_EXTRA.items()})
