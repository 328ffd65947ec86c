"""The rules of one ruleset with its house-rule options applied: plain, frozen values.

`loader.py` builds these from a ruleset file; scorers read them and hold no game
numbers of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations


@dataclass(frozen=True, slots=True)
class Colour:
    """A colour a hand can name: the trump suit, or in no-trump games the strength."""

    name: str
    factor: int
    """Multiplier on every value of the hand (piros 2 in the standard game)."""
    label: str
    label_en: str


@dataclass(frozen=True, slots=True)
class GameKind:
    """How colour, kontra and silent results work for the components of one kind."""

    name: str
    label: str
    label_en: str
    colour_required: bool
    colours: frozenset[str]
    individual_kontra: bool
    """True where each defender has his own kontra level (betli, no-trump durchmars)."""
    silent: bool
    """Whether silent results exist in this kind of game."""


@dataclass(frozen=True, slots=True)
class OpenForm:
    """The terített / kiterített form of a component."""

    value: int
    colours: frozenset[str] | None
    """Colours allowed for the open form; None means those of the game kind."""
    label: str


@dataclass(frozen=True, slots=True)
class ComponentRule:
    """One part of a contract that is won or lost and paid separately."""

    name: str
    label: str
    label_en: str
    label_red: str | None
    game: str
    value: int
    """Per-defender value before the colour factor."""
    failed_extra: int
    """A lost component pays value x (2^k + failed_extra): 1 for the ulti."""
    failed_extra_unless_with: frozenset[str]
    """Components beside which failed_extra does not apply."""
    replaces_parti: bool
    point_count: bool
    """Decided by card points (parti, 40-100, 20-100): a side with 100 points wins it."""
    takes_all_tricks: bool
    open: OpenForm | None
    enabled: bool
    individual: bool = False
    """Whether its kontra is individual (a copy of its game kind's rule, for speed)."""
    made_by_all_tricks: bool = False
    """Made whenever its side takes all ten tricks (the point games, négy ász)."""
    reaches_100: bool = False
    """Made only with 100 points or more (40-100, 20-100)."""
    all_tricks_why: str = ""
    """Why a side that took every trick made it, where that is not plain (the ulti)."""


@dataclass(frozen=True, slots=True)
class SilentRule:
    """A csendes result: made without being bid, never kontra'd."""

    name: str
    label: str
    label_en: str
    value: int
    failed_factor: int
    """What a failed one pays, in multiples of value; 0 where it cannot fail."""
    excluded_by: frozenset[str]
    """Bid components that make this silent result impossible."""
    absorbed_by: frozenset[str]
    """Silent results of the same side that make this one not paid."""
    replaces_parti: bool
    defenders: bool
    """Whether the defenders can score it."""
    defender_scope: str
    """"team": both defenders win or pay; "everyone": the partner pays the maker too."""
    takes_all_tricks: bool
    enabled: bool
    reaches_100: bool = False
    """Made only with 100 points or more (csendes 100): more than the other side can have."""
    needs_one_of: frozenset[str] = frozenset()
    """Available only in a contract holding one of these components (empty: any contract);
    a contract's own ``silent`` list wins over it."""
    needs_why: str = ""
    """Why, for the refusal of a hand that lists it elsewhere."""
    fails_in_last_trick: bool = False
    """Failed only by losing the last trick (csendes ulti): not beside its side's sweep."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A named bid: the components it is made of, as the table says it."""

    id: str
    label: str
    components: tuple[str, ...]
    open: bool
    silent: frozenset[str] | None
    """Silent results this contract allows; None: any whose component was not bid."""
    common: bool
    """Offered as a one-tap preset."""
    takes_all_tricks: bool = False
    """Whether one of its components is a durchmars (checked against the other results)."""

    @property
    def key(self) -> tuple[frozenset[str], bool]:
        """What identifies the contract in a hand: its component names and openness."""
        return frozenset(self.components), self.open


@dataclass(frozen=True, slots=True)
class KontraRules:
    """The kontra ladder: names per level, each level multiplies by ``factor``."""

    factor: int
    max_level: int
    names: tuple[str, ...]
    rekontra_scope: str
    """"kontra_only" or "both" (individual games only)."""
    declarer_reach: str = "each_alone"
    """"all_callers": the declarer's word (rekontra, mordkontra) goes to every defender who
    said the word before it, so levels it cannot give are refused; "each_alone": each
    defender has his own ladder with the declarer (any levels)."""

    def name(self, level: int) -> str:
        return self.names[level]

    @property
    def powers(self) -> tuple[int, ...]:
        """The multiplier of each level: factor ** level."""
        return tuple(self.factor**k for k in range(len(self.names)))


@dataclass(frozen=True, slots=True)
class Rules:
    """A ruleset with every option resolved: everything a scorer needs."""

    id: str
    label: str
    scorer: str
    active_players: int
    max_sitting_out: int
    sitting_out_pays: bool
    colours: dict[str, Colour]
    games: dict[str, GameKind]
    kontra: KontraRules
    components: dict[str, ComponentRule]
    alone: frozenset[str]
    exclusive: tuple[frozenset[str], ...]
    silent: dict[str, SilentRule]
    contracts: tuple[Contract, ...]
    declarer_renonsz: str
    defender_renonsz: str
    throw_in_mode: str
    throw_in_factor: int
    all_pass_pays_each: int
    contracts_by_key: dict[tuple[frozenset[str], bool], Contract] = field(
        default_factory=dict, repr=False
    )
    contracts_by_names: dict[tuple[tuple[str, ...], bool], Contract] = field(
        default_factory=dict, repr=False, compare=False
    )
    """The same by the names in any order a hand lists them (no set to build per hand)."""
    _colours_of: dict[str, tuple[tuple[str | None, ...], bool]] = field(
        default_factory=dict, repr=False
    )
    values: dict[tuple[str, bool, str | None], int] = field(default_factory=dict, repr=False)
    """(component, open, colour) -> per-defender value, precomputed for speed."""
    powers: tuple[int, ...] = ()
    """Kontra multiplier by level."""
    failed_extras: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    """Contract id -> component -> its failed_extra in that contract, precomputed."""
    seatings: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Validated seatings (see `hand.MEMO_SIZE`)."""
    component_lists: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Validated component lists with their contract and colours (see `hand.MEMO_SIZE`)."""
    silent_lists: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Validated silent lists (see `hand.MEMO_SIZE`)."""
    component_items: dict[tuple, tuple] = field(default_factory=dict, repr=False, compare=False)
    """Validated components, one list item each: what a new list is mostly made of (see
    `hand.MEMO_SIZE`)."""
    memo_size: int = field(default=4096, repr=False, compare=False)
    """How many entries each memo above keeps: `hand.MEMO_SIZE`, or fewer for rules resolved
    with house rules (``loader.RESOLVED_MEMO_SIZE``: there may be many of those)."""
    _silent_of: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    side_deciding: tuple[frozenset[str], frozenset[str]] = field(
        default=(frozenset(), frozenset()), repr=False, compare=False
    )
    """The components and the silent results that, made, decide what the other side can
    have (``takes_all_tricks`` or ``reaches_100``): a hand with none made needs no check
    of ``hand._check_consistency``."""
    sweep_check: tuple[frozenset[str], frozenset[str], frozenset[str]] = field(
        default=(frozenset(), frozenset(), frozenset()), repr=False, compare=False
    )
    """For `consistency.py`, by name: the components and the silent results that take all
    ten tricks, and the components a sweep makes (``made_by_all_tricks``)."""
    hundred_check: tuple[frozenset[str], frozenset[str], frozenset[str]] = field(
        default=(frozenset(), frozenset(), frozenset()), repr=False, compare=False
    )
    """The same for 100 points: what reaches 100, and the components decided by card points
    (``point_count``)."""

    def __post_init__(self) -> None:
        self.contracts_by_key.update({c.key: c for c in self.contracts})
        self.contracts_by_names.update(
            {(names, c.open): c for c in self.contracts for names in permutations(c.components)}
        )
        self._colours_of.update({c.id: self._contract_colours(c) for c in self.contracts})
        self._silent_of.update({c.id: self._silent_allowed(c) for c in self.contracts})
        for name in self.components:
            for open_ in (False, True):
                for colour in (None, *self.colours):
                    self.values[name, open_, colour] = self.component_value(name, open_, colour)
        object.__setattr__(self, "powers", self.kontra.powers)
        deciding = (
            frozenset(n for n, c in self.components.items() if c.takes_all_tricks or c.reaches_100),
            frozenset(n for n, s in self.silent.items() if s.takes_all_tricks or s.reaches_100),
        )
        object.__setattr__(self, "side_deciding", deciding)
        object.__setattr__(
            self, "sweep_check", self._names_with("takes_all_tricks", "made_by_all_tricks")
        )
        object.__setattr__(self, "hundred_check", self._names_with("reaches_100", "point_count"))
        for contract in self.contracts:
            bid = frozenset(contract.components)
            self.failed_extras[contract.id] = {
                name: 0
                if self.components[name].failed_extra_unless_with & bid
                else self.components[name].failed_extra
                for name in contract.components
            }

    def _names_with(self, flag: str, implied: str) -> tuple[frozenset[str], ...]:
        """The component and silent names with ``flag`` set, and the components with
        ``implied`` set (see ``sweep_check``)."""
        return (
            frozenset(n for n, c in self.components.items() if getattr(c, flag)),
            frozenset(n for n, s in self.silent.items() if getattr(s, flag)),
            frozenset(n for n, c in self.components.items() if getattr(c, implied)),
        )

    def forget(self) -> None:
        """Empty the memo of validated inputs (for benchmarks and tests of a cold start)."""
        self.seatings.clear()
        self.component_lists.clear()
        self.silent_lists.clear()
        self.component_items.clear()

    def colour_factor(self, colour: str | None) -> int:
        return 1 if colour is None else self.colours[colour].factor

    def component_value(self, name: str, open_: bool, colour: str | None) -> int:
        """Per-defender value of a won component in this colour, before kontra."""
        rule = self.components[name]
        base = rule.open.value if open_ and rule.open else rule.value
        return base * self.colour_factor(colour)

    def contract_value(self, contract: Contract, colour: str | None) -> int:
        """Per-defender value of the whole contract when every part is made."""
        return sum(self.component_value(n, contract.open, colour) for n in contract.components)

    def contract_colours(self, contract: Contract) -> tuple[tuple[str | None, ...], bool]:
        """The colours a contract can be played in, and whether one must be named."""
        return self._colours_of[contract.id]

    def silent_allowed(self, contract: Contract) -> frozenset[str]:
        """The silent results a hand of ``contract`` may list (the form offers only these)."""
        return self._silent_of[contract.id]

    def _silent_allowed(self, contract: Contract) -> frozenset[str]:
        """The game kind must have silent results; the contract's own list wins; otherwise a
        bid component excludes its silent twin, and ``needs_one_of`` must meet the bid."""
        if not self.games[self.components[contract.components[0]].game].silent:
            return frozenset()
        bid = frozenset(contract.components)
        return frozenset(
            name
            for name, s in self.silent.items()
            if s.enabled
            and (
                name in contract.silent
                if contract.silent is not None
                else not s.excluded_by & bid and (not s.needs_one_of or s.needs_one_of & bid)
            )
        )

    def _contract_colours(self, contract: Contract) -> tuple[tuple[str | None, ...], bool]:
        game = self.games[self.components[contract.components[0]].game]
        allowed = game.colours
        for name in contract.components:
            rule = self.components[name]
            if contract.open and rule.open and rule.open.colours is not None:
                allowed = rule.open.colours
        ordered = tuple(c for c in self.colours if c in allowed)
        required = game.colour_required and bool(ordered)
        return (ordered if required else (None, *ordered)), required
