"""The one JSON encoder of ``score --json``: the writer (:mod:`.json`) and the
deal's text twin (:mod:`.jsontext`) encode with it, so that both write the same
text for the same value."""

from __future__ import annotations

import json
import json.encoder
from json.encoder import encode_basestring

__all__ = ["dumps", "string"]

# One encoder for the whole output, made once: the data has no cycles to look for.  The
# standard library's C encoder is called directly when it has one (JSONEncoder.encode
# would build it again for every deal), and gives the same text.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "), check_circular=False)


def _c_encoder():
    """The standard library's C encoder set up as ``_ENCODER``, or ``None``.

    It is undocumented (``None`` where ``_json`` is not built): should a Python
    drop it or change its arguments, the public encoder writes the same text,
    slower; ``tests/test_fences.py`` says so by name."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        return make(None, _ENCODER.default, encode_basestring, None, ": ", ", ", False, False,
                    True)
    except TypeError:  # other arguments than the ones Python 3.11-3.13 take
        return None


_C_ENCODE = _c_encoder()
string = encode_basestring  # a str as JSON text, escaped as the encoder escapes it


def dumps(value) -> str:
    """``value`` as JSON text, as the writer's encoder writes it (``", "`` and ``": "``,
    no ASCII escaping)."""
    if _C_ENCODE is None or isinstance(value, str):  # pragma: no cover - no C encoder
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))
