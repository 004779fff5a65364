"""Ctrl-C interrupts a long computation."""

import os
import signal
import threading
import time

import pytest

import grundy


def test_ctrl_c_interrupts_a_long_sequence():
    # 4 * 10^8 values of 0.6 (763 MiB, within the library's 1 GiB budget) would
    # take hours; SIGINT comes after half a second. Python leaves SIGINT
    # ignored when it starts with it ignored (as a shell's background job
    # does), and then the signal never reaches the engine's check: install
    # Python's own handler for this test, whatever the test runner inherited.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.sequence("0.6", 4 * 10**8)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - start < 2.5


def test_a_sequence_past_the_memory_budget_is_refused_before_it_starts():
    # The library's one size guard: 10^9 values need 1908 MiB at 2 bytes each.
    with pytest.raises(grundy.SearchLimitError, match="1908 MiB"):
        grundy.sequence("0.6", 10**9)


def test_other_threads_run_while_the_engine_works():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    try:
        grundy.sequence("0.6", 60000)
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 3
