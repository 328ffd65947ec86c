"""A payee's bank account as typed on a phone, checked by schwifty (ISO 13616 IBAN and the
national bank-code registries, Hungary's included), with the BIC of its bank where known."""

from __future__ import annotations

from dataclasses import dataclass

from schwifty import IBAN
from schwifty.exceptions import (
    InvalidBBANChecksum,
    InvalidChecksumDigits,
    InvalidCountryCode,
    InvalidLength,
    SchwiftyException,
)

HOLDER_LENGTH = 70
"""The longest payee name: EPC069-12's and the MNB guide's beneficiary name field."""


class InvalidIban(ValueError):
    """An IBAN a user typed that no bank would take; ``code`` names why, for his words."""

    def __init__(self, code: str, given: str) -> None:
        super().__init__(f"{code}: {given!r}")
        self.code = code
        """``checksum`` (the two check digits or the bank's own check digit are wrong),
        ``country``, ``length``, ``structure`` or ``holder`` (the payee name is empty or
        longer than ``HOLDER_LENGTH``)."""
        self.given = given


@dataclass(frozen=True)
class BankAccount:
    """Where a payee wants to be paid."""

    holder: str
    """The name the bank account is held in (the payee name of the transfer)."""
    iban: str
    """The IBAN in its electronic form: no spaces, upper case."""
    bic: str | None
    """The BIC of the IBAN's bank (schwifty's registry), or None where it is not known."""

    @property
    def country(self) -> str:
        return self.iban[:2]

    @property
    def spaced(self) -> str:
        """The IBAN as printed: groups of four."""
        return " ".join(self.iban[i : i + 4] for i in range(0, len(self.iban), 4))


def bank_account(holder: str, iban: str) -> BankAccount:
    """Check what was typed; raises ``InvalidIban`` with a code a page can word."""
    holder = " ".join(holder.split())
    if not holder or len(holder) > HOLDER_LENGTH:
        raise InvalidIban("holder", holder)
    try:
        parsed = IBAN(iban)
    except (InvalidChecksumDigits, InvalidBBANChecksum):
        raise InvalidIban("checksum", iban) from None
    except InvalidCountryCode:
        raise InvalidIban("country", iban) from None
    except InvalidLength:
        raise InvalidIban("length", iban) from None
    except SchwiftyException:
        raise InvalidIban("structure", iban) from None
    bic = parsed.bic
    return BankAccount(holder=holder, iban=parsed.compact, bic=str(bic) if bic else None)
