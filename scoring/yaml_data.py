"""YAML as the presets and scenarios are read: libyaml's parser where PyYAML was built with it
(the catalogue's 51 preset files then parse in a fraction of the pure-Python parser's time,
which every command that lists or opens a game pays at start-up), the pure-Python one
otherwise.  Both are PyYAML's safe loaders: plain data only, never an object.

A file is a user's input (``tableref check``, ``journal import``), so its shape is measured
before any Python object is built: anchors and aliases make a short file arbitrarily deep or
large (each alias one level deeper than the last, or a "billion laughs"), which then fails as a
RecursionError wherever the data is walked, or eats the memory.  Such a document is refused
with a :class:`YAMLLimitError`, a ``yaml.YAMLError``, so every reader's existing handler names
the file."""

from __future__ import annotations

from typing import Any

import yaml

LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: How deeply a document may nest, aliases followed: a scenario's correction of a shot record
#: is seven levels, a preset file five; libyaml alone allows a thousand, past Python's stack.
MAX_DEPTH = 64

#: How many values a document may hold with every alias expanded: a night's exported journal
#: of 4,000 rows is about 50,000; a few aliases nested can otherwise stand for billions.
MAX_NODES = 1_000_000

#: The most digits an integer may have: Python refuses to read one of more than 4300 (a
#: ValueError from the constructor), and nothing a preset or scenario counts comes near 10**18.
MAX_INT_DIGITS = 18

INT_TAG = "tag:yaml.org,2002:int"


class YAMLLimitError(yaml.YAMLError):
    """A document too deep, too large, self-referring, or with an integer too long."""


def load_yaml(text: str) -> Any:
    """The data of one YAML document (raises ``yaml.YAMLError`` as ``yaml.safe_load`` does, and
    :class:`YAMLLimitError` for a document past this module's limits)."""
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_shape(node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def check_shape(root: yaml.Node) -> None:
    """Refuse a node graph deeper than MAX_DEPTH, larger than MAX_NODES (aliases counted each
    time they are used), with a cycle, or with an over-long integer; iterative, so that the
    check itself cannot run out of stack."""
    height: dict[int, int] = {}
    size: dict[int, int] = {}
    walking: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, finished = stack.pop()
        key = id(node)
        if finished:
            children = _children(node)
            height[key] = 1 + max((height[id(child)] for child in children), default=0)
            size[key] = 1 + sum(size[id(child)] for child in children)
            walking.discard(key)
            _check_limits(node, height[key], size[key])
        elif key in walking:
            raise YAMLLimitError(f"line {node.start_mark.line + 1}: an alias refers to itself")
        elif key not in height:
            walking.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_limits(node: yaml.Node, height: int, size: int) -> None:
    line = node.start_mark.line + 1
    if height > MAX_DEPTH:
        raise YAMLLimitError(f"line {line}: nested deeper than {MAX_DEPTH} levels")
    if size > MAX_NODES:
        raise YAMLLimitError(f"line {line}: more than {MAX_NODES} values with aliases expanded")
    if node.tag == INT_TAG and sum(char.isdigit() for char in node.value) > MAX_INT_DIGITS:
        raise YAMLLimitError(f"line {line}: an integer of more than {MAX_INT_DIGITS} digits")
