;; The hot loop of PerfectVerifierRunner for a power-of-two number of classes C (packedAliasKernel.ts
;; loads it; scripts/assembleWasm.mjs assembles it into packedAliasKernelWasm.ts, and
;; test/sim/engine/packedAliasKernel.test.ts checks that the two agree and that the kernel counts
;; exactly what Xoshiro128.uint32 and the packed rule of AliasTable.pack give). ASCII only: the
;; assembler reads no other. Offsets: first <= end, end - first a multiple of 4*C.
;;
;; Memory (imported, i32 words, little-endian):
;;   [0, slots*C)          the alias tables' packed words, C per table slot (AliasTable.pack):
;;                         word = (n << log2 C) | alias; the 32-bit value x falls in column
;;                         i = x & (C - 1), which keeps it when ((x >>> 1) | (C/2 - 1)) - (word >>> 1)
;;                         is negative, else gives its alias;
;;   [first, end)          the counters, C per replicate;
;;   [state, state + 16)   the generator's state s0, s1, s2, s3.
;; Per task slot in [from, to) and per replicate, one xoshiro128** step (Blackman & Vigna 2018,
;; "Scrambled linear pseudorandom number generators": result = rotl(s1 * 5, 7) * 9, then the state
;; update) and one counter increment: the same draws in the same order as the JavaScript generator,
;; so results are bit for bit those of the Xoshiro128 class. Two replicates per iteration.
;; Offsets `first`, `end` and `state` are in bytes; `from`, `to` and `C` are counts.
(module
  (import "env" "memory" (memory 1))
  (func (export "run") (param $from i32) (param $to i32) (param $first i32) (param $end i32) (param $C i32) (param $state i32)
    (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $u i32)
    (local $x i32) (local $x2 i32) (local $i i32) (local $w i32) (local $alias i32) (local $counter i32)
    (local $mask i32) (local $ones i32) (local $stride i32) (local $slot i32) (local $base i32) (local $at i32)
    (local.set $s0 (i32.load offset=0 (local.get $state)))
    (local.set $s1 (i32.load offset=4 (local.get $state)))
    (local.set $s2 (i32.load offset=8 (local.get $state)))
    (local.set $s3 (i32.load offset=12 (local.get $state)))
    (local.set $mask (i32.sub (local.get $C) (i32.const 1)))
    (local.set $ones (i32.sub (i32.shr_u (local.get $C) (i32.const 1)) (i32.const 1)))
    (local.set $stride (i32.shl (local.get $C) (i32.const 2)))
    (local.set $slot (local.get $from))
    (block $slotsDone
      (loop $slots
        (br_if $slotsDone (i32.ge_u (local.get $slot) (local.get $to)))
        (local.set $base (i32.mul (local.get $slot) (local.get $stride)))
        (local.set $at (local.get $first))
        (block $pairsDone
          (loop $pairs
            ;; Two replicates left at least: at + C words < end (no wrap where end < C words).
            (br_if $pairsDone (i32.ge_u (i32.add (local.get $at) (local.get $stride)) (local.get $end)))
            ;; Two generator steps.
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
            ;; Replicate at: the class of x, counted.
            (local.set $i (i32.and (local.get $x) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter
              (i32.add (local.get $at)
                (i32.shl
                  (i32.xor (local.get $alias)
                    (i32.and (i32.xor (local.get $i) (local.get $alias))
                      (i32.shr_s
                        (i32.sub (i32.or (i32.shr_u (local.get $x) (i32.const 1)) (local.get $ones)) (i32.shr_u (local.get $w) (i32.const 1)))
                        (i32.const 31))))
                  (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            ;; Replicate at + C: the class of x2.
            (local.set $i (i32.and (local.get $x2) (local.get $mask)))
            (local.set $w (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))
            (local.set $alias (i32.and (local.get $w) (local.get $mask)))
            (local.set $counter
              (i32.add (i32.add (local.get $at) (local.get $stride))
                (i32.shl
                  (i32.xor (local.get $alias)
                    (i32.and (i32.xor (local.get $i) (local.get $alias))
                      (i32.shr_s
                        (i32.sub (i32.or (i32.shr_u (local.get $x2) (i32.const 1)) (local.get $ones)) (i32.shr_u (local.get $w) (i32.const 1)))
                        (i32.const 31))))
                  (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))
            (local.set $at (i32.add (local.get $at) (i32.shl (local.get $stride) (i32.const 1))))
            (br $pairs)))
        ;; An odd number of replicates: the last one alone.
        (if (i32.lt_u (local.get $at) (local.get $end))
          (then
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
            (local.set $counter
              (i32.add (local.get $at)
                (i32.shl
                  (i32.xor (local.get $alias)
                    (i32.and (i32.xor (local.get $i) (local.get $alias))
                      (i32.shr_s
                        (i32.sub (i32.or (i32.shr_u (local.get $x) (i32.const 1)) (local.get $ones)) (i32.shr_u (local.get $w) (i32.const 1)))
                        (i32.const 31))))
                  (i32.const 2))))
            (i32.store (local.get $counter) (i32.add (i32.load (local.get $counter)) (i32.const 1)))))
        (local.set $slot (i32.add (local.get $slot) (i32.const 1)))
        (br $slots)))
    (i32.store offset=0 (local.get $state) (local.get $s0))
    (i32.store offset=4 (local.get $state) (local.get $s1))
    (i32.store offset=8 (local.get $state) (local.get $s2))
    (i32.store offset=12 (local.get $state) (local.get $s3))))
