"""pygame's side of scripts/bench-pixels.sh: Mask.overlap and
Mask.overlap_area on the cases of mask's BenchmarkPygameCases (n x n
checkerboards; overlap on boards of opposite parity, which never meet, so
the whole common area is scanned; overlap_area on boards of the same
parity; offsets unaligned (37, 11) and aligned (64, 10), or (0, 10) at
64x64). Prints one line per case: its name, then the wall time and the
process CPU time per call in ns, each the median of ROUNDS runs of the
call count timeit.autorange() picks. The call is timed as a pygame user
makes it, so Python's call overhead is included; the `overhead` line
times a trivial method call (Mask.get_size) the same way, for reference.

    /usr/bin/python3 scripts/bench-pixels.py [ROUNDS]
"""
import os
import statistics
import sys
import time
import timeit

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402


def checker(n, parity):
    """An n x n mask with pixel (x, y) set when (x + y) % 2 == parity,
    built by doubling a 2x2 tile (Mask.draw ORs a mask in)."""
    m = pygame.Mask((n, n))
    m.set_at((parity, 0), 1)
    m.set_at((1 - parity, 1), 1)
    k = 2
    while k < n:
        m.draw(m, (k, 0))
        m.draw(m, (0, k))
        k *= 2
    return m


def check(m, n, parity):
    assert m.count() == sum(1 for y in range(n) for x in range(n) if (x + y) % 2 == parity)


def timed(stmt, env, rounds):
    """Median wall and CPU ns per call of stmt."""
    t = timeit.Timer(stmt, globals=env)
    k, _ = t.autorange()
    wall, cpu = [], []
    for _ in range(rounds):
        w0, c0 = time.perf_counter(), time.process_time()
        t.timeit(k)
        w1, c1 = time.perf_counter(), time.process_time()
        wall.append((w1 - w0) / k * 1e9)
        cpu.append((c1 - c0) / k * 1e9)
    return statistics.median(wall), statistics.median(cpu)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for op in ("overlap", "area"):
        for n in (64, 256, 1024):
            a, even, odd = checker(n, 0), checker(n, 0), checker(n, 1)
            if n <= 256:
                check(a, n, 0)
                check(odd, n, 1)
            for align in ("aligned", "unaligned"):
                off = (0 if n == 64 else 64, 10) if align == "aligned" else (37, 11)
                env = {"a": a, "even": even, "odd": odd, "off": off}
                if op == "overlap":
                    assert a.overlap(odd, off) is None, "the boards meet"
                    wall, cpu = timed("a.overlap(odd, off)", env, rounds)
                else:
                    assert a.overlap_area(even, off) > 0, "the boards do not meet"
                    wall, cpu = timed("a.overlap_area(even, off)", env, rounds)
                print(f"{op}/{n}/{align} {wall:.1f} {cpu:.1f}")
    wall, cpu = timed("a.get_size()", {"a": pygame.Mask((8, 8))}, rounds)
    print(f"overhead {wall:.1f} {cpu:.1f}")


if __name__ == "__main__":
    main()
