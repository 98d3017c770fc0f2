;; The repeated rows of DelimitedRowCounter.countRepeats in the layout task,trial,outcome
;; (repeatRowsKernel.ts loads it; scripts/assembleWasm.mjs assembles it into repeatRowsKernelWasm.ts;
;; test/cli/io/repeatRowsKernel.test.ts checks the two agree). ASCII only: the assembler reads no
;; other.
;;
;; Memory (imported): a copy of the bytes the reader is scanning. run(p, end, previous, size, trial,
;; separator) counts the rows from byte p on that
;;   - repeat the size bytes at `previous` (the previous row's task and the separator after it),
;;   - then hold a trial of one or two digits equal to `trial`, `trial` + 1, ... in turn,
;;   - then the separator, the outcome 0 or 1 and a line feed (LF; not CR LF),
;; and stops at the first row that does not (or is not complete before `end`), which the reader's
;; JavaScript then reads. Those are exactly the rows that countRepeats's word path accepts without
;; starting a new stretch of trials, so the counts are the same as without the kernel. It returns
;; where it stopped and sets the globals rows (rows counted), successes (outcomes 1 among them) and
;; nextTrial (the trial the next row would continue with).
;;
;; A row is read as in countRepeats: the task bytes compared as 8-byte words (the first, the
;; last, overlapping, and when size > 16 those between; the first and last 4-byte words when
;; size < 8, which the caller keeps >= 4), then the 4 bytes after them as one little-endian word,
;; matched against "D,V\n" and "DD,V" with "\n" after it (the masks clear the bit in which "0" and
;; "1" differ).
(module
  (import "env" "memory" (memory 1))
  (global $rows (export "rows") (mut i32) (i32.const 0))
  (global $successes (export "successes") (mut i32) (i32.const 0))
  (global $nextTrial (export "nextTrial") (mut i32) (i32.const 0))
  (func (export "run") (param $p i32) (param $end i32) (param $previous i32) (param $size i32) (param $trial i32) (param $separator i32) (result i32)
    (local $q i32) (local $at i32) (local $word i32) (local $d0 i32) (local $d1 i32) (local $lf i32) (local $value i32)
    (local $rows i32) (local $successes i32) (local $got i32) (local $oneTail i32) (local $twoTail i32)
    (local.set $oneTail (i32.or (i32.const 0x0a300000) (i32.shl (local.get $separator) (i32.const 8))))
    (local.set $twoTail (i32.or (i32.const 0x30000000) (i32.shl (local.get $separator) (i32.const 16))))
    (block $done
      (loop $row
        (local.set $q (i32.add (local.get $p) (local.get $size)))
        (br_if $done (i32.gt_u (i32.add (local.get $q) (i32.const 4)) (local.get $end)))
        ;; the task and its separator: size bytes equal to the previous row's
        (if (i32.ge_u (local.get $size) (i32.const 8))
          (then
            ;; the word at 0; when size > 16 those at 8, 16, ... that end before size - 8; the word at size - 8
            (br_if $done (i64.ne (i64.load (local.get $p)) (i64.load (local.get $previous))))
            (if (i32.gt_u (local.get $size) (i32.const 16))
              (then
                (local.set $at (i32.const 8))
                (block $wordsDone
                  (loop $words
                    (br_if $wordsDone (i32.ge_u (i32.add (local.get $at) (i32.const 8)) (local.get $size)))
                    (br_if $done (i64.ne (i64.load (i32.add (local.get $p) (local.get $at))) (i64.load (i32.add (local.get $previous) (local.get $at)))))
                    (local.set $at (i32.add (local.get $at) (i32.const 8)))
                    (br $words)))))
            (local.set $at (i32.sub (local.get $size) (i32.const 8)))
            (br_if $done (i64.ne (i64.load (i32.add (local.get $p) (local.get $at))) (i64.load (i32.add (local.get $previous) (local.get $at))))))
          (else
            (br_if $done (i32.ne (i32.load (local.get $p)) (i32.load (local.get $previous))))
            (local.set $at (i32.sub (local.get $size) (i32.const 4)))
            (br_if $done (i32.ne (i32.load (i32.add (local.get $p) (local.get $at))) (i32.load (i32.add (local.get $previous) (local.get $at)))))))
        (local.set $word (i32.load (local.get $q)))
        (local.set $d0 (i32.sub (i32.and (local.get $word) (i32.const 0xff)) (i32.const 48)))
        (br_if $done (i32.gt_u (local.get $d0) (i32.const 9)))
        (if (i32.eq (i32.and (local.get $word) (i32.const 0xfffeff00)) (local.get $oneTail))
          (then
            (local.set $got (local.get $d0))
            (local.set $value (i32.and (i32.shr_u (local.get $word) (i32.const 16)) (i32.const 1)))
            (local.set $lf (i32.add (local.get $q) (i32.const 3))))
          (else
            (br_if $done (i32.ne (i32.and (local.get $word) (i32.const 0xfeff0000)) (local.get $twoTail)))
            (local.set $d1 (i32.sub (i32.and (i32.shr_u (local.get $word) (i32.const 8)) (i32.const 0xff)) (i32.const 48)))
            (br_if $done (i32.gt_u (local.get $d1) (i32.const 9)))
            (br_if $done (i32.ge_u (i32.add (local.get $q) (i32.const 4)) (local.get $end)))
            (br_if $done (i32.ne (i32.load8_u (i32.add (local.get $q) (i32.const 4))) (i32.const 10)))
            (local.set $got (i32.add (i32.mul (local.get $d0) (i32.const 10)) (local.get $d1)))
            (local.set $value (i32.and (i32.shr_u (local.get $word) (i32.const 24)) (i32.const 1)))
            (local.set $lf (i32.add (local.get $q) (i32.const 4)))))
        (br_if $done (i32.ne (local.get $got) (local.get $trial)))
        (local.set $successes (i32.add (local.get $successes) (local.get $value)))
        (local.set $rows (i32.add (local.get $rows) (i32.const 1)))
        (local.set $trial (i32.add (local.get $trial) (i32.const 1)))
        (local.set $p (i32.add (local.get $lf) (i32.const 1)))
        (br $row)))
    (global.set $rows (local.get $rows))
    (global.set $successes (local.get $successes))
    (global.set $nextTrial (local.get $trial))
    (local.get $p)))
