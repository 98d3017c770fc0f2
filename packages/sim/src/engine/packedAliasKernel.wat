;; The hot loop of PerfectVerifierRunner for a power-of-two number of classes C (packedAliasKernel.ts
;; loads it; scripts/assembleWasm.mjs assembles it into packedAliasKernelWasm.ts, and
;; test/sim/engine/packedAliasKernel.test.ts checks that the two agree and that the kernel counts
;; exactly what Xoshiro128.uint32 and the packed rule of AliasTable.pack give). ASCII only: the
;; assembler reads no other. Offsets: first <= end, end - first a multiple of 4*C.
;;
;; Memory (imported, i32 words, little-endian):
;;   [0, slots*C)          the alias tables' packed words, C per table slot (AliasTable.pack):
;;                         word = (n << log2 C) | alias; the 32-bit value x falls in column
;;                         i = x & (C - 1), which keeps it when x < n << log2 C (unsigned: the
;;                         word with its alias bits cleared), else gives its alias. That is
;;                         AliasTable.pack's rule (x >>> log2 C) < n, compared in one step;
;;   [first, end)          the counters, C per replicate;
;;   [state, state + 16)   the generator's state s0, s1, s2, s3.
;; Per task slot in [from, to) and per replicate, one xoshiro128** step (Blackman & Vigna 2018,
;; "Scrambled linear pseudorandom number generators": result = rotl(s1 * 5, 7) * 9, then the state
;; update) and one counter increment: the same draws in the same order as the JavaScript generator,
;; so results are bit for bit those of the Xoshiro128 class. Four replicates per iteration (four
;; generator steps, then four lookups: 1.40 ns per episode against 1.51 with two and 1.86 with one,
;; one thread, 1000 tasks x 64 replicates x 160 blocks, C = 16), then the rest one at a time.
;; Offsets `first`, `end` and `state` are in bytes; `from`, `to` and `C` are counts.
(module
  (import "env" "memory" (memory 1))
  (func (export "run") (param $from i32) (param $to i32) (param $first i32) (param $end i32) (param $C i32) (param $state i32)
    (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $u i32)
    (local $x i32) (local $x2 i32) (local $x3 i32) (local $x4 i32) (local $i i32) (local $w i32) (local $alias i32) (local $counter i32)
    (local $mask i32) (local $stride i32) (local $slot i32) (local $base i32) (local $at i32)
    (local.set $s0 (i32.load offset=0 (local.get $state)))
    (local.set $s1 (i32.load offset=4 (local.get $state)))
    (local.set $s2 (i32.load offset=8 (local.get $state)))
    (local.set $s3 (i32.load offset=12 (local.get $state)))
    (local.set $mask (i32.sub (local.get $C) (i32.const 1)))
    (local.set $stride (i32.shl (local.get $C) (i32.const 2)))
    (local.set $slot (local.get $from))
    (block $slotsDone
      (loop $slots
        (br_if $slotsDone (i32.ge_u (local.get $slot) (local.get $to)))
        (local.set $base (i32.mul (local.get $slot) (local.get $stride)))
        (local.set $at (local.get $first))
        (block $quadsDone
          (loop $quads
            ;; Four replicates left at least: at + 4 C words <= end.
            (br_if $quadsDone (i32.gt_u (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 4))) (local.get $end)))
            (local.set $x (i32.mul (i32.rotl (i32.mul (local.get $s1) (i32.const 5)) (i32.const 7)) (i32.const 9)))
            (local.set $u (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $u)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            (local.set $x2 (i32.mul (i32.rotl (i32.mul (local.get $s1) (i32.const 5)) (i32.const 7)) (i32.const 9)))
            (local.set $u (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $u)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            (local.set $x3 (i32.mul (i32.rotl (i32.mul (local.get $s1) (i32.const 5)) (i32.const 7)) (i32.const 9)))
            (local.set $u (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $u)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            (local.set $x4 (i32.mul (i32.rotl (i32.mul (local.get $s1) (i32.const 5)) (i32.const 7)) (i32.const 9)))
            (local.set $u (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $u)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            (local.set $i (i32.and (local.get $x) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter (i32.add (local.get $at) (i32.shl (select (local.get $i) (local.get $alias) (i32.lt_u (local.get $x) (i32.xor (local.get $w) (local.get $alias)))) (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $i (i32.and (local.get $x2) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter (i32.add (i32.add (local.get $at) (local.get $stride)) (i32.shl (select (local.get $i) (local.get $alias) (i32.lt_u (local.get $x2) (i32.xor (local.get $w) (local.get $alias)))) (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $i (i32.and (local.get $x3) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter (i32.add (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 2))) (i32.shl (select (local.get $i) (local.get $alias) (i32.lt_u (local.get $x3) (i32.xor (local.get $w) (local.get $alias)))) (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $i (i32.and (local.get $x4) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter (i32.add (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 3))) (i32.shl (select (local.get $i) (local.get $alias) (i32.lt_u (local.get $x4) (i32.xor (local.get $w) (local.get $alias)))) (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $at (i32.add (local.get $at) (i32.mul (local.get $stride) (i32.const 4))))
            (br $quads)))
        (block $restDone
          (loop $rest
            (br_if $restDone (i32.ge_u (local.get $at) (local.get $end)))
            (local.set $x (i32.mul (i32.rotl (i32.mul (local.get $s1) (i32.const 5)) (i32.const 7)) (i32.const 9)))
            (local.set $u (i32.shl (local.get $s1) (i32.const 9)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $s0)))
            (local.set $s3 (i32.xor (local.get $s3) (local.get $s1)))
            (local.set $s1 (i32.xor (local.get $s1) (local.get $s2)))
            (local.set $s0 (i32.xor (local.get $s0) (local.get $s3)))
            (local.set $s2 (i32.xor (local.get $s2) (local.get $u)))
            (local.set $s3 (i32.rotl (local.get $s3) (i32.const 11)))
            (local.set $i (i32.and (local.get $x) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter (i32.add (local.get $at) (i32.shl (select (local.get $i) (local.get $alias) (i32.lt_u (local.get $x) (i32.xor (local.get $w) (local.get $alias)))) (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $at (i32.add (local.get $at) (local.get $stride)))
            (br $rest)))
        (local.set $slot (i32.add (local.get $slot) (i32.const 1)))
        (br $slots)))
    (i32.store offset=0 (local.get $state) (local.get $s0))
    (i32.store offset=4 (local.get $state) (local.get $s1))
    (i32.store offset=8 (local.get $state) (local.get $s2))
    (i32.store offset=12 (local.get $state) (local.get $s3))))
