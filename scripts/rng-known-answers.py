#!/usr/bin/env python3
"""Known-answer values for passk's random streams, from an implementation independent of the
TypeScript one: xoshiro128** 1.1 (Blackman & Vigna 2021, https://prng.di.unimi.it/xoshiro128starstar.c)
and Baagøe's Alea with its Mash hash (the seeding seedrandom 3.0.5 implements), written here from
their published definitions with Python integers and floats (IEEE doubles, as in JavaScript).

    python3 scripts/rng-known-answers.py > test/fixtures/rng/known-answers.json

test/sim/rng/knownAnswers.test.ts checks streamRng, Xoshiro128 and every inlined copy of the
xoshiro128** step in packages/sim/src/engine against this file.
"""
import json
import math

M32 = 2**32


def to_uint32(x: float) -> int:
    """JavaScript's ToUint32 (x >>> 0): truncate toward zero, modulo 2^32."""
    return int(math.trunc(x)) % M32


def to_int32(x: float) -> int:
    """JavaScript's ToInt32 (x | 0)."""
    u = to_uint32(x)
    return u - M32 if u >= 2**31 else u


class Mash:
    def __init__(self):
        self.n = float(0xEFC8249D)

    def __call__(self, data: str) -> float:
        n = self.n
        # JavaScript strings are UTF-16: charCodeAt gives code units (the keys here are ASCII).
        for ch in data:
            n += ord(ch)
            h = 0.02519603282416938 * n
            n = float(to_uint32(h))
            h -= n
            h *= n
            n = float(to_uint32(h))
            h -= n
            n += h * 4294967296.0
        self.n = n
        return to_uint32(n) * 2.3283064365386963e-10


class Alea:
    def __init__(self, seed: str):
        mash = Mash()
        self.c = 1.0
        self.s0 = mash(' ')
        self.s1 = mash(' ')
        self.s2 = mash(' ')
        self.s0 -= mash(seed)
        if self.s0 < 0:
            self.s0 += 1
        self.s1 -= mash(seed)
        if self.s1 < 0:
            self.s1 += 1
        self.s2 -= mash(seed)
        if self.s2 < 0:
            self.s2 += 1

    def next(self) -> float:
        t = 2091639 * self.s0 + self.c * 2.3283064365386963e-10
        self.s0 = self.s1
        self.s1 = self.s2
        self.c = float(to_int32(t))
        self.s2 = t - self.c
        return self.s2

    def int32(self) -> int:
        return to_int32(self.next() * 4294967296.0)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) % M32


class Xoshiro128StarStar:
    def __init__(self, state):
        self.s = [v % M32 for v in state]
        if not any(self.s):
            self.s[0] = 1

    def next(self) -> int:
        s = self.s
        result = (rotl((s[1] * 5) % M32, 7) * 9) % M32
        t = (s[1] << 9) % M32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 11)
        return result

    def uniform(self) -> float:
        hi = self.next() >> 5
        lo = self.next() >> 6
        return (hi * 67108864 + lo) / 2**53

    def signed_state(self):
        return [v - M32 if v >= 2**31 else v for v in self.s]


def stream(seed, *path):
    key = 'passk/' + str(seed) + ''.join('/' + str(p) for p in path)
    alea = Alea(key)
    g = Xoshiro128StarStar([alea.int32() for _ in range(4)])
    for _ in range(8):
        g.next()
    return key, g


def main():
    streams = []
    for seed, path in [(42, []), (42, ['task', 17]), (0, ['replicate', 0]), ('abc', ['shard', 3, 'x']), (2**31, [])]:
        key, g = stream(seed, *path)
        state = g.signed_state()
        uint32 = [g.next() for _ in range(16)]
        _, g2 = stream(seed, *path)
        uniform = [g2.uniform() for _ in range(4)]
        streams.append({'seed': seed, 'path': path, 'key': key, 'state': state, 'uint32': uint32, 'uniform': uniform})
    raw = []
    for state in [[1, 2, 3, 4], [0x9E3779B9, 0x243F6A88, 0xB7E15162, 0x01234567], [0, 0, 0, 0]]:
        g = Xoshiro128StarStar(state)
        outputs = [g.next() for _ in range(256)]
        raw.append({'state': [v - M32 if v >= 2**31 else v for v in state], 'first16': outputs[:16], 'all256': outputs, 'stateAfter256': g.signed_state()})
    print(json.dumps({'generatedBy': 'python3 scripts/rng-known-answers.py', 'streams': streams, 'xoshiro128starstar': raw}, separators=(',', ':')))


if __name__ == '__main__':
    main()
