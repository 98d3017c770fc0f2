// The bad-input catalogue of the results-file readers (estimate reads them as fit, simulate
// --tasks-from and compare do): one case per hostile or malformed input, each laid out in a fresh
// folder; see ./catalogue.ts for what each asserts (exit 2, one stderr line naming where, the rule
// and the value as typed, nothing on stdout, no file created or altered).
import { execFileSync } from 'node:child_process';
import { crc32, deflateRawSync } from 'node:zlib';
import { zipArchive } from '../../../bench/zipArchive.mjs';
import { catalogue, type BadInputCase } from './catalogue.js';

/** A zip archive of `entries` (deflated); `statedSize` overrides an entry's stated inflated size (a lying archive). */
function zipOf(entries: Record<string, Buffer>, statedSize: Record<string, number> = {}): Buffer {
  return zipArchive(Object.entries(entries).map(([name, data]) => ({ name, packed: deflateRawSync(data), crc: crc32(data), size: statedSize[name] ?? data.length })));
}

const header = Buffer.from(JSON.stringify({ eval: { task: 't', model: 'm' } }));
const sample = (id: string, epoch: number, value: string) => Buffer.from(JSON.stringify({ id, epoch, scores: { match: { value } } }));
/** An .eval log whose one sample inflates to 80 MB of spaces (a zip bomb: about 80 KB packed). */
const bomb = () => zipOf({ 'header.json': header, 'samples/a_epoch_1.json': Buffer.concat([sample('a', 1, 'C'), Buffer.alloc(80 << 20, 0x20)]) });
const KB100 = 'x'.repeat(100_000);

const csv = (text: string) => ({ 'r.csv': text });
const est = (...rest: string[]) => ['estimate', 'r.csv', ...rest];

const cases: BadInputCase[] = [
  // ---- CSV / TSV rows ----
  { name: 'CSV: a row with more fields than the header', files: csv('task,success\nt1,1,9\n'), args: est(), where: 'r.csv:2', rule: 'fields like the header', value: 'got 3' },
  { name: 'CSV: a row with fewer fields than the header', files: csv('task,success,trial\nt1,1,0\nt1,1\n'), args: est(), where: 'r.csv:3', rule: 'fields like the header', value: 'got 2' },
  { name: 'CSV: an outcome that is not 0/1 or true/false', files: csv('task,success\nt1,maybe\n'), args: est(), where: 'r.csv:2', rule: 'success', value: '"maybe"' },
  { name: 'CSV: a reward that is not a number', files: csv('task,score\nt1,abc\n'), args: est('--reward-col', 'score'), where: 'r.csv:2', rule: 'number', value: '"abc"' },
  { name: 'CSV: an unterminated quote', files: csv('task,success\n"t1,1\nt2,0\n'), args: est(), where: 'r.csv:2', rule: 'quoted field must end with a quote', value: /r\.csv:2/ },
  { name: 'CSV: a stray quote inside a field', files: csv('task,success\nt"1,1\n'), args: est(), where: 'r.csv:2', rule: 'quote', value: /"/ },
  { name: 'CSV: text after a closing quote', files: csv('task,success\n"t1"x,1\n'), args: est(), where: 'r.csv:2', rule: 'quote', value: 'x' },
  { name: 'CSV: a header that names a column twice', files: csv('task,success,success\nt1,1,0\n'), args: est(), where: 'r.csv:1', rule: 'columns 2 and 3 are both named this', value: '"success"' },
  { name: 'CSV: the task column named twice, after a blank line', files: csv('\ntask,x,task,success\nt1,0,t1,1\n'), args: est(), where: 'r.csv:2', rule: 'columns 1 and 3', value: '"task"' },
  { name: 'TSV: a header that names a column twice', files: { 'r.tsv': 'task\tsuccess\ttask\nt1\t1\tt1\n' }, args: ['estimate', 'r.tsv'], where: 'r.tsv:1', rule: 'each column once', value: '"task"' },
  { name: 'CSV: no task column', files: csv('name,success\nt1,1\n'), args: est(), where: 'r.csv', rule: 'must have a task column', value: '"name"' },
  { name: 'CSV: --success-col names a missing column', files: csv('task,success\nt1,1\n'), args: est('--success-col', 'ok'), where: 'r.csv', rule: 'the success column "ok"', value: '--success-col' },
  { name: 'CSV: --trial-col names a missing column', files: csv('task,success\nt1,1\n'), args: est('--trial-col', 'attempt'), where: 'r.csv', rule: 'the trial column "attempt"', value: '--trial-col' },
  { name: 'CSV: an empty file', files: csv(''), args: est(), where: 'r.csv', rule: 'at least one result row', value: 'r.csv' },
  { name: 'CSV: a header and no rows', files: csv('task,success\n'), args: est(), where: 'r.csv', rule: 'at least one result row', value: 'r.csv' },
  { name: 'CSV: NUL bytes (a binary file)', files: csv(Buffer.concat([Buffer.from('task,success\n'), Buffer.alloc(100_000)]).toString('latin1')), args: est(), where: 'r.csv', rule: 'is a binary file', value: 'formats: csv' },
  { name: 'CSV: gzip-compressed', files: { 'r.csv': Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]) }, args: est(), where: 'r.csv', rule: 'gzip-compressed', value: 'gunzip' },
  // ---- (task, trial) pairs ----
  { name: 'a repeated (task, trial) in a "trial" column, without --trial-col', files: csv('task,trial,success\na,0,1\na,1,0\na,0,1\n'), args: est(), where: 'r.csv:4', rule: 'duplicate of task', value: '"a" trial 0 (first at line 2)' },
  { name: 'a repeated (task, trial) in a named trial column', files: csv('task,attempt,success\na,7,1\nb,7,0\na,7,1\n'), args: est('--trial-col', 'attempt'), where: 'r.csv:4', rule: 'duplicate of task', value: '"a" trial 7 (first at line 2)' },
  { name: 'a repeated (task, trial) with large trial numbers', files: csv('task,trial,success\na,5000,1\na,7000,0\na,5000,1\n'), args: est(), where: 'r.csv:4', rule: 'duplicate of task', value: 'trial 5000 (first at line 2)' },
  { name: 'a repeated (task, trial) across two files', files: { 'a.csv': 'task,trial,success\nt,0,1\n', 'b.csv': 'task,trial,success\nt,1,1\nt,0,0\n' }, args: ['estimate', 'a.csv', 'b.csv'], where: 'b.csv:3', rule: 'duplicate of task', value: '"t" trial 0 (first at a.csv, line 2)' },
  { name: 'a repeated (task, trial) in JSON Lines ("trial" key, no --trial-col)', files: { 'r.jsonl': '{"task":"a","trial":1,"success":1}\n{"task":"a","trial":1,"success":0}\n' }, args: ['estimate', 'r.jsonl'], where: 'r.jsonl:2', rule: 'duplicate of task', value: '"a" trial 1 (first at line 1)' },
  { name: 'a repeated text trial id', files: { 'r.jsonl': '{"task":"a","trial":"x-1","success":1}\n{"task":"a","trial":"x-1","success":0}\n' }, args: ['estimate', 'r.jsonl'], where: 'r.jsonl:2', rule: 'duplicate of task', value: 'trial "x-1"' },
  { name: 'a trial that is not an integer', files: csv('task,trial,success\na,1.5,1\n'), args: est(), where: 'r.csv:2', rule: 'must be an integer ≥ 0', value: '"1.5"' },
  { name: 'a negative trial', files: csv('task,trial,success\na,-1,1\n'), args: est(), where: 'r.csv:2', rule: 'must be an integer ≥ 0', value: '"-1"' },
  { name: 'an empty trial', files: csv('task,trial,success\na,,1\n'), args: est(), where: 'r.csv:2', rule: 'must have a value', value: '"trial"' },
  // ---- line, document, entry and stream limits ----
  { name: 'a CSV line longer than --max-line-bytes', files: csv(`task,success\n${KB100},1\n`), args: est('--max-line-bytes', '16K'), where: 'r.csv:2', rule: 'line must be at most 16 KiB', value: '--max-line-bytes' },
  { name: 'a quoted field over many lines, longer than --max-line-bytes', files: csv(`task,success\nt1,1\n"${'ab\n'.repeat(40_000)}",1\n`), args: est('--max-line-bytes', '4096'), where: 'r.csv:3', rule: 'line must be at most 4 KiB', value: 'got "\\"ab\\nab' },
  { name: 'an unterminated quote running to the end of a big file', files: csv(`task,success\n"${'x\n'.repeat(100_000)}`), args: est('--max-line-bytes', '64K'), where: 'r.csv:2', rule: 'line must be at most 64 KiB', value: '--max-line-bytes' },
  { name: 'a header longer than --max-line-bytes', files: csv(`${'c,'.repeat(50_000)}task,success\n`), args: est('--max-line-bytes', '1K'), where: 'r.csv:1', rule: 'line must be at most 1 KiB', value: 'got "c,c,' },
  { name: 'a JSON Lines line longer than --max-line-bytes', files: { 'r.jsonl': `{"task":"a","success":1}\n{"task":"${KB100}","success":1}\n` }, args: ['estimate', 'r.jsonl', '--max-line-bytes', '8K'], where: 'r.jsonl:2', rule: 'line must be at most 8 KiB', value: 'got "{\\"task\\":\\"xxx' },
  { name: 'a JSON array record with a huge array, longer than --max-line-bytes', files: { 'r.json': `[{"task":"a","success":1},\n {"task":"b","success":1,"x":[${'1,'.repeat(60_000)}1]}]\n` }, args: ['estimate', 'r.json', '--max-line-bytes', '2K'], where: 'r.json:2', rule: 'line must be at most 2 KiB', value: 'got "{\\"task\\":\\"b' },
  { name: 'a JSON document larger than --max-document-bytes', files: { 'r.json': JSON.stringify({ raw_scored_generations: { a: [true], b: [true] }, pad: KB100 }) }, args: ['estimate', 'r.json', '--max-document-bytes', '64K'], where: 'r.json', rule: 'at most 64 KiB to be read whole', value: '--max-document-bytes' },
  { name: 'an .eval zip bomb (a sample inflating to 80 MB)', files: { 'log.eval': bomb() }, args: ['estimate', 'log.eval'], where: 'log.eval (samples/a_epoch_1.json)', rule: 'must inflate to at most 64 MiB', value: /got 838861\d\d/ },
  { name: 'an .eval entry that inflates to more than it states', files: { 'log.eval': zipOf({ 'header.json': header, 'samples/a_epoch_1.json': Buffer.concat([sample('a', 1, 'C'), Buffer.alloc(1 << 20, 0x20)]) }, { 'samples/a_epoch_1.json': 100 }) }, args: ['estimate', 'log.eval'], where: 'log.eval', rule: 'must be a complete zip archive', value: 'truncated?' },
  { name: 'a zip archive that is not an inspect log', files: { 'log.eval': zipOf({ 'readme.txt': Buffer.from('hi') }) }, args: ['estimate', 'log.eval'], where: 'log.eval', rule: 'not an inspect_ai log', value: 'readme.txt' },
  { name: 'an endless stream on standard input is cut at --max-stream-bytes', stdin: `task,success\n${'t1,1\n'.repeat(600_000)}`, args: ['estimate', '-', '--max-stream-bytes', '1M'], where: 'stdin', rule: 'must end within 1 MiB when read as a stream', value: '--max-stream-bytes' },
  {
    name: 'a named pipe no program writes to times out',
    args: (dir) => {
      execFileSync('mkfifo', [`${dir}/pipe.csv`]);
      return ['estimate', 'pipe.csv', '--open-timeout', '0.3'];
    },
    where: 'pipe.csv',
    rule: 'none opened it within 0.3 s',
    value: '--open-timeout',
  },
  // ---- the limits' own options ----
  { name: '--max-line-bytes not a size', files: csv('task,success\nt,1\n'), args: est('--max-line-bytes', 'big'), where: '--max-line-bytes', rule: 'whole number of bytes ≥ 1024', value: '"big"' },
  { name: '--max-line-bytes below 1 KiB', files: csv('task,success\nt,1\n'), args: est('--max-line-bytes', '100'), where: '--max-line-bytes', rule: 'whole number of bytes ≥ 1024', value: '"100"' },
  { name: '--max-line-bytes in exponent notation', files: csv('task,success\nt,1\n'), args: est('--max-line-bytes', '1e400'), where: '--max-line-bytes', rule: 'K, M, G or T', value: '"1e400"' },
  { name: '--max-document-bytes with an unknown unit', files: csv('task,success\nt,1\n'), args: est('--max-document-bytes', '5X'), where: '--max-document-bytes', rule: 'whole number of bytes', value: '"5X"' },
  { name: '--max-stream-bytes beyond safe integers', files: csv('task,success\nt,1\n'), args: est('--max-stream-bytes', '99999999999T'), where: '--max-stream-bytes', rule: 'whole number of bytes', value: '"99999999999T"' },
  { name: '--open-timeout 0', files: csv('task,success\nt,1\n'), args: est('--open-timeout', '0'), where: '--open-timeout', rule: 'seconds > 0', value: '"0"' },
  { name: '--open-timeout not a number', files: csv('task,success\nt,1\n'), args: est('--open-timeout', 'soon'), where: '--open-timeout', rule: 'seconds > 0', value: '"soon"' },
  // ---- JSON readers ----
  { name: 'JSON Lines: a line that is not JSON', files: { 'r.jsonl': '{"task":"a","success":1}\n{"task": nope}\n' }, args: ['estimate', 'r.jsonl'], where: 'r.jsonl:2', rule: 'line must be one JSON object', value: '{\\"task\\": nope}' },
  { name: 'JSON Lines: a line that is an array', files: { 'r.jsonl': '{"task":"a","success":1}\n[1,2]\n' }, args: ['estimate', 'r.jsonl'], where: 'r.jsonl:2', rule: 'line must be one JSON object', value: '"[1,2]"' },
  { name: 'JSON Lines: a task id that is an object', files: { 'r.jsonl': '{"task":{"x":1},"success":1}\n' }, args: ['estimate', 'r.jsonl'], where: 'r.jsonl:1', rule: 'task', value: /\{/ },
  { name: 'JSON array: a trailing comma', files: { 'r.json': '[{"task":"a","success":1},]' }, args: ['estimate', 'r.json'], where: 'r.json:1', rule: 'must not end with a comma', value: '",]"' },
  { name: 'JSON array: a record that is not an object', files: { 'r.json': '[{"task":"a","success":1}, 7]' }, args: ['estimate', 'r.json'], where: 'r.json:1 (record 2)', rule: 'record must be a JSON object', value: '"7' },
  { name: 'JSON array: cut off inside a record', files: { 'r.json': '[{"task":"a","success":1},\n{"task":"b","succ' }, args: ['estimate', 'r.json'], where: 'r.json:2 (record 2)', rule: 'must end with "}" before the end of the file', value: 'truncated?' },
  { name: 'JSON document: keys of no known harness', files: { 'r.json': '{\n "foo": 1\n}\n' }, args: ['estimate', 'r.json'], where: 'r.json', rule: 'must be a results document', value: '"foo"' },
  { name: 'JSON document: not valid JSON', files: { 'r.json': '{\n "simulations": [\n' }, args: ['estimate', 'r.json'], where: 'r.json', rule: 'must be one valid JSON document', value: 'truncated?' },
  { name: 'lm-eval: several metrics and no --success-col', files: { 'r.jsonl': '{"doc_id":0,"filter":"none","metrics":["acc","f1"],"acc":1,"f1":0.5}\n' }, args: ['estimate', 'r.jsonl'], where: '--success-col', rule: 'must name the lm-eval metric to read', value: '"acc", "f1"' },
  // ---- options of the readers, named and shown as typed ----
  { name: '--reward-col with --success-col', files: csv('task,success,score\nt,1,1\n'), args: est('--reward-col', 'score', '--success-col', 'success'), where: '--reward-col', rule: 'cannot be combined with --success-col', value: '"score"' },
  { name: '--threshold not a number', files: csv('task,score\nt,1\n'), args: est('--reward-col', 'score', '--threshold', 'high'), where: '--threshold', rule: 'must be a finite number', value: '"high"' },
  { name: '--threshold overflowing to infinity', files: csv('task,score\nt,1\n'), args: est('--reward-col', 'score', '--threshold', '1e400'), where: '--threshold', rule: 'must be a finite number', value: '"1e400"' },
  { name: '--tokens-col without --price-in', files: csv('task,success,tin\nt,1,5\n'), args: est('--tokens-col', 'tin'), where: '--price-in', rule: 'must be given with --tokens-col', value: /--price-in: must be given/ },
  { name: '--tokens-col with three columns', files: csv('task,success\nt,1\n'), args: est('--tokens-col', 'a,b,c', '--price-in', '1'), where: '--tokens-col', rule: '1 to 2 comma-separated column names', value: '"a,b,c"' },
  { name: '--price-in negative', files: csv('task,success,tin\nt,1,5\n'), args: est('--tokens-col', 'tin', '--price-in=-3'), where: '--price-in', rule: 'must be a number ≥ 0', value: '"-3"' },
  { name: '--price-out not a number', files: csv('task,success,a,b\nt,1,5,6\n'), args: est('--tokens-col', 'a,b', '--price-in', '1', '--price-out', 'cheap'), where: '--price-out', rule: 'must be a number ≥ 0', value: '"cheap"' },
  { name: '--cost-col names a missing column', files: csv('task,success\nt,1\n'), args: est('--cost-col', 'dollars'), where: '--cost-col', rule: 'must name a column the input has', value: '"dollars"' },
  { name: '--counts with one column', files: csv('task,n,c\nt,4,2\n'), args: est('--counts', 'n'), where: '--counts', rule: '2 comma-separated column names', value: '"n"' },
  { name: '--rate-col without --rate-n', files: csv('task,rate\nt,0.5\n'), args: est('--rate-col', 'rate'), where: '--rate-col', rule: 'needs the trials per task behind the rates (--rate-n N)', value: '"rate"' },
  { name: '--rate-n fractional', files: csv('task,rate\nt,0.5\n'), args: est('--rate-col', 'rate', '--rate-n', '2.5'), where: '--rate-n', rule: 'must be an integer in 1..1000000000', value: '"2.5"' },
  { name: '--where without =', files: csv('task,success,model\nt,1,m\n'), args: est('--where', 'model'), where: '--where', rule: 'must be COLUMN=VALUE', value: '"model"' },
  { name: '--trial-col empty', files: csv('task,success\nt,1\n'), args: est('--trial-col='), where: '--trial-col', rule: 'must be a non-empty column name', value: '""' },
  { name: '--task-col empty', files: csv('task,success\nt,1\n'), args: est('--task-col='), where: '--task-col', rule: 'must be a non-empty column name', value: '""' },
  { name: '--format humaneval with --reward-col', files: { 'r.jsonl': '{"task_id":"a","passed":true,"s":1}\n' }, args: ['estimate', 'r.jsonl', '--format', 'humaneval', '--reward-col', 's'], where: '--reward-col', rule: 'does not apply to the humaneval format', value: '"s"' },
  { name: '--format tau-bench with --success-col', files: { 'r.json': '[{"task_id":1,"reward":1,"trial":0}]' }, args: ['estimate', 'r.json', '--format', 'tau-bench', '--success-col', 'ok'], where: '--success-col', rule: 'does not apply to the tau-bench format', value: '"ok"' },
  // ---- inputs ----
  { name: 'a missing file', args: ['estimate', 'nothere.csv'], where: 'nothere.csv', rule: 'must exist (file not found)', value: 'nothere.csv' },
  { name: 'a folder without results files', files: { 'logs/README.md': 'hi' }, args: ['estimate', 'logs'], where: 'logs', rule: 'must hold results files', value: '.csv' },
  { name: 'a glob that matches nothing', files: csv('task,success\nt,1\n'), args: ['estimate', 'runs/*.jsonl'], where: 'runs/*.jsonl', rule: 'must match at least one file', value: 'runs/*.jsonl' },
  { name: 'two files of different formats', files: { 'a.csv': 'task,success\nt,1\n', 'b.jsonl': '{"task":"u","success":1}\n' }, args: ['estimate', 'a.csv', 'b.jsonl'], where: 'b.jsonl', rule: 'must be in the format of a.csv (csv)', value: 'jsonl' },
  { name: 'a system column with two values', files: csv('task,success,model\nt,1,m1\nu,1,m2\n'), args: est(), where: 'r.csv', rule: 'model', value: '"m2"' },
  { name: 'a JSON Lines file given with --format csv', files: { 'r.jsonl': '{"task":"a","success":1}\n' }, args: ['estimate', 'r.jsonl', '--format', 'csv'], where: 'r.jsonl:1', rule: 'quote must open a field', value: 'got "{\\""' },
];

catalogue('results-file readers: bad input', cases);
