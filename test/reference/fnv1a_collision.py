"""Brute-force search for two task ids with the same 32-bit FNV-1a hash.

The task table of the log readers (packages/cli/src/io/taskCountsBuilder.ts) keys tasks by the
FNV-1a hash of their UTF-8 bytes (offset basis 0x811c9dc5, prime 0x01000193; Fowler, Noll & Vo,
draft-eastlake-fnv) and compares the bytes only when hashes are equal. This script finds the first
pair of ids `task-<i>` (i = 0, 1, 2, … written with 7 digits, so both ids have the same length and
the table must compare their bytes) whose hashes collide (a birthday search: ~2^16 ids expected)
and prints both with their hash; test/cli/io/taskCountsBuilder.collision.test.ts uses the pair.

Run: python3 test/reference/fnv1a_collision.py
"""


def fnv1a32(data: bytes) -> int:
    h = 0x811C9DC5
    for byte in data:
        h ^= byte
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def main() -> None:
    seen: dict[int, str] = {}
    i = 0
    while True:
        task = f"task-{i:07d}"
        h = fnv1a32(task.encode("utf-8"))
        if h in seen:
            print(f"{seen[h]} {task} 0x{h:08x}")
            return
        seen[h] = task
        i += 1


if __name__ == "__main__":
    main()
