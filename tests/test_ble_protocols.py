"""GoDice and Pixels notifications: the makers' documented bytes decode as documented, and any other bytes
(garbage, truncated, another die's faces) are a reason, never an exception or a wrong face."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hardware import ble_protocols as bp
from tests.support.fake_ble import GODICE, PIXELS, godice_stable, pixels_rolled


def test_ble_godice_rolling_stable_battery_and_colour_decode_as_the_api_reads_them() -> None:
    assert bp.decode_godice(GODICE["rolling"]) == (bp.Rolling(),)
    assert [bp.decode_godice(godice_stable(f)) for f in range(1, 7)] == [(bp.Landed(f),) for f in range(1, 7)]
    assert bp.decode_godice(GODICE["stable-1-noisy"]) == (bp.Landed(1),)
    assert bp.decode_godice(GODICE["battery-87"]) == (bp.BatteryLevel(87),)
    assert bp.decode_godice(GODICE["colour-red"]) == (bp.Colour("red"),)


def test_ble_godice_tilted_moved_and_fake_stable_are_not_thrown_rolls() -> None:
    assert bp.decode_godice(GODICE["tilt-stable"]) == (bp.Tilted(),)
    assert bp.decode_godice(GODICE["move-stable-4"]) == (bp.Landed(4, thrown=False),)
    assert bp.decode_godice(GODICE["fake-stable-3"]) == (bp.Landed(3, thrown=False),)


def test_ble_godice_truncated_and_unknown_notifications_are_rejected_with_their_reason() -> None:
    assert bp.decode_godice(b"") == (bp.Rejected(bp.Reason.EMPTY, b""),)
    assert bp.decode_godice(b"S\x00\x00") == (bp.Rejected(bp.Reason.TRUNCATED, b"S\x00\x00"),)
    assert bp.decode_godice(b"Bat") == (bp.Rejected(bp.Reason.TRUNCATED, b"Bat"),)
    assert bp.decode_godice(b"Bat\xff") == (bp.Rejected(bp.Reason.BAD_BATTERY, b"Bat\xff"),)
    assert bp.decode_godice(b"Col\x09") == (bp.Rejected(bp.Reason.BAD_COLOUR, b"Col\x09"),)
    assert bp.decode_godice(b"MS\x00") == (bp.Rejected(bp.Reason.TRUNCATED, b"MS\x00"),)
    assert bp.decode_godice(b"Z") == (bp.Rejected(bp.Reason.UNKNOWN, b"Z"),)


def test_ble_pixels_roll_states_battery_and_identity_decode_as_documented() -> None:
    assert [bp.decode_pixels(pixels_rolled(f)) for f in range(1, 7)] == [(bp.Landed(f),) for f in range(1, 7)]
    assert bp.decode_pixels(PIXELS["rolling"]) == (bp.Rolling(),)
    assert bp.decode_pixels(PIXELS["handling"]) == (bp.Rolling(),)
    assert bp.decode_pixels(PIXELS["crooked"]) == (bp.Tilted(),)
    assert bp.decode_pixels(PIXELS["on-face-2"]) == (bp.Landed(2, thrown=False),)
    assert bp.decode_pixels(bytes([3, 0, 0])) == ()  # unknown state: nothing to say
    assert bp.decode_pixels(PIXELS["battery-76"]) == (bp.BatteryLevel(76, charging=False),)
    assert bp.decode_pixels(PIXELS["battery-40-charging"]) == (bp.BatteryLevel(40, charging=True),)
    assert bp.decode_pixels(PIXELS["i-am-a-die"]) == (
        bp.Identity(led_count=6, design=3, pixel_id=0x11223344, build_timestamp=1700000000),
        bp.Landed(6, thrown=False), bp.BatteryLevel(64, charging=False))


def test_ble_pixels_bad_lengths_faces_and_states_are_rejected() -> None:
    assert bp.decode_pixels(PIXELS["d20-face"]) == (bp.Rejected(bp.Reason.BAD_FACE, PIXELS["d20-face"]),)
    assert bp.decode_pixels(bytes([3, 9, 0])) == (bp.Rejected(bp.Reason.BAD_STATE, bytes([3, 9, 0])),)
    assert bp.decode_pixels(bytes([3, 1])) == (bp.Rejected(bp.Reason.TRUNCATED, bytes([3, 1])),)
    assert bp.decode_pixels(PIXELS["i-am-a-die"][:-1])[0].reason is bp.Reason.TRUNCATED  # type: ignore[union-attr]
    assert bp.decode_pixels(PIXELS["i-am-a-die"] + b"\x00")[0].reason is bp.Reason.UNKNOWN_LAYOUT  # type: ignore[union-attr]
    assert bp.decode_pixels(bytes([34, 101, 0]))[0].reason is bp.Reason.BAD_BATTERY  # type: ignore[union-attr]
    assert bp.decode_pixels(bytes([40, 1, 2]))[0].reason is bp.Reason.UNKNOWN  # type: ignore[union-attr]


def test_ble_adverts_tell_godice_pixels_and_other_devices_apart() -> None:
    assert bp.identify("GoDice_1A2B_K_v04", (), {}) == bp.AdvertInfo("godice")
    assert bp.identify("Ada", [bp.SERVICE_UUID.upper()], {0x0A: bytes([6, 3, 1, 5, 90])}) == \
        bp.AdvertInfo("pixels", 90, False)
    assert bp.identify("Ada", [bp.SERVICE_UUID], {}) == bp.AdvertInfo("pixels")
    assert bp.identify("Headphones", ["0000110b-0000-1000-8000-00805f9b34fb"], {1: b"\x00" * 5}) is None
    assert bp.identify(None, (), {}) is None


def _sane(decoded: bp.Decoded, data: bytes) -> None:
    assert isinstance(decoded, tuple)
    for item in decoded:
        if isinstance(item, bp.Rejected):
            assert item.data == data and isinstance(item.reason, bp.Reason)
        elif isinstance(item, bp.Landed):
            assert 1 <= item.face <= 6
        elif isinstance(item, bp.BatteryLevel):
            assert 0 <= item.percent <= 100
        else:
            assert isinstance(item, (bp.Rolling, bp.Tilted, bp.Colour, bp.Identity))


@given(st.binary(max_size=40))
def test_ble_garbage_never_raises_and_never_gives_an_impossible_face(data: bytes) -> None:
    for kind in bp.KINDS:
        _sane(bp.decode(kind, data), data)


_RECORDED = [*GODICE.values(), *PIXELS.values(), *(godice_stable(f) for f in range(1, 7))]


@given(st.sampled_from(_RECORDED), st.data())
def test_ble_every_truncation_of_a_recorded_notification_is_sane(whole: bytes, data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(whole)))
    for kind in bp.KINDS:
        _sane(bp.decode(kind, whole[:cut]), whole[:cut])
