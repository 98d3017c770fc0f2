import { withTerminalOptions } from './terminalOptions.js';
import { currentProvenance, withProvenance } from '../results/provenance.js';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  InputError,
  PARTIAL_FORMAT,
  exactValuesFor,
  mergePartials,
  resolveScenario,
  scenarioFingerprint,
  simulatePartial,
  summarise,
  type PartialResult,
} from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import { renderTable } from '../format/table.js';
import type { CliIo } from '../io/cliIo.js';
import { readJsonFile } from '../io/readTextFile.js';
import { checkCoverage, checkSameRun, type CheckedShards, type ShardInput } from '../run/checkShards.js';
import { readShard, SHARD_FILE_PATTERN, type ShardFile, type SimulateShardFile, type SweepShardFile } from '../run/shardFile.js';
import { sweepPlan } from '../run/sweepPlan.js';
import { sweepResult, type MissingShards } from '../run/sweepResult.js';
import { CHART_OPTION, checkChartOption } from './chartOption.js';
import { emitSummary, requireOneFormat, type SummaryOutputArgs } from './simulateOutput.js';
import { emitSweep } from './sweep.js';
import { checkOutputs } from '../io/checkOutputs.js';
import { plannedOutputs, SUMMARY_FILES } from '../io/plannedOutputs.js';

interface MergeArgs extends SummaryOutputArgs {
  parts: string[];
  'allow-partial': boolean;
  progress: boolean;
  chart?: string;
}

/**
 * `passk merge PARTS…`: the shard files (or folders of them) of one simulate or sweep run →
 * exactly the result of the single run, after checking that every shard of the run is there once.
 */
export function mergeCommand(io: CliIo): CommandModule<object, MergeArgs> {
  return {
    command: 'merge <parts..>',
    builder: (y) =>
      withTerminalOptions(y)
        .positional('parts', { type: 'string', array: true, demandOption: true, describe: 'shard files, or folders holding them (shard-0001-of-0016.json, …)' })
        .option('json', { type: 'boolean', default: false, describe: 'print JSON (the documented contract, docs/results.md)' })
        .option('csv', { type: 'boolean', default: false, describe: 'print the rows as CSV' })
        .option('out', { type: 'string', describe: 'write the result files (summary.json, summary.csv, scenario.yaml; or sweep.json) into this folder' })
        .option('allow-partial', {
          type: 'boolean',
          default: false,
          describe: 'merge the shards that are there; the result is marked partial and lists the missing ones',
        })
        .option('progress', { type: 'boolean', default: false, describe: "list each shard's episodes and time on stderr (shown by default on a terminal)" })
        .option('chart', CHART_OPTION)
        .example('$0 merge parts/ --out result/', 'every shard in parts/, checked and merged')
        .example('$0 merge parts/shard-*-of-0016.json --allow-partial --json', 'what is there so far'),
    handler: async (args) => {
      requireOneFormat(args);
      checkChartOption(args.chart);
      const paths: string[] = [];
      for (const part of args.parts) paths.push(...(await shardPaths(part)));
      checkOutputs(plannedOutputs(args.out, [...SUMMARY_FILES, 'sweep.json'], args.chart), paths, io.cwd);
      // One after another, so that of several bad shards the first one named is the one reported.
      const inputs: ShardInput[] = [];
      for (const path of paths) {
        inputs.push({ path, shard: readShard(await readJsonFile(path, 'a shard file (written by passk simulate or sweep --shard)', path, 'shard'), path) });
      }
      const shards = checkSameRun(inputs);
      const first = shards[0]!.shard;
      // The merged result records the run's command (the shards'), as the run in one process would.
      await withProvenance(first.provenance ?? currentProvenance(), () => mergeShards(shards, first, args, io));
    },
  };
}

/** Merges checked shards of one run and emits the result as the run in one process would. */
async function mergeShards(shards: readonly ShardInput[], first: ShardFile, args: MergeArgs, io: CliIo): Promise<void> {
  if (first.kind === 'sweep' && args.csv) throw new InputError('--csv', 'is for simulate results; a sweep prints a table or --json');
  const report = args.progress || io.stderrIsTTY;

  if (first.kind === 'simulate') {
    const scenario = resolveScenario(first.scenario, { source: `${shards[0]!.path}: scenario` });
    const fingerprint = scenarioFingerprint(scenario, PARTIAL_FORMAT);
    if (fingerprint !== first.run.fingerprint) {
      throw new InputError(
        shards[0]!.path,
        `must be a shard file as passk wrote it, but its scenario gives the fingerprint ${fingerprint}, not ${first.run.fingerprint}`,
      );
    }
    const checked = checkCoverage(shards, [scenario.run.replicates], args['allow-partial']);
    if (report) io.stderr(shardReport(checked));
    const merged = mergePartials(shards.map(({ shard }) => (shard as SimulateShardFile).partial));
    const summary = summarise(scenario, merged, exactValuesFor(scenario));
    const missing = missingShards(checked, io);
    // --tasks-from: the log's values, the same in every shard (checkSameRun).
    const observed = (first as SimulateShardFile).observed ?? null;
    await emitSummary(summary, null, args, io, { shards: missing, observed });
    return;
  }

  const sweep = first as SweepShardFile;
  const plan = sweepPlan(resolveScenario(sweep.scenario, { source: `${shards[0]!.path}: scenario` }), sweep.sweep, shards[0]!.path);
  if (plan.fingerprint !== sweep.run.fingerprint) {
    throw new InputError(
      shards[0]!.path,
      `must be a shard file as passk wrote it, but its scenario and sweep settings give the fingerprint ${plan.fingerprint}, not ${sweep.run.fingerprint}`,
    );
  }
  const checked = checkCoverage(
    shards,
    plan.scenarios.map((scenario) => scenario.run.replicates),
    args['allow-partial'],
  );
  if (report) io.stderr(shardReport(checked));
  const byPoint: PartialResult[][] = plan.scenarios.map(() => []);
  for (const { shard } of shards) for (const piece of (shard as SweepShardFile).pieces) byPoint[piece.point]!.push(piece.partial);
  // A point no present shard worked on (--allow-partial): its empty partial, no replicates.
  const partials = byPoint.map((parts, i) =>
    parts.length > 0 ? mergePartials(parts) : simulatePartial(plan.scenarios[i]!, { replicates: { start: 0, end: 0 } }),
  );
  await emitSweep(sweepResult(plan, partials, missingShards(checked, io)), args, io);
}

/** A path as given, or the shard files (shard-*-of-*.json, in name order) of a folder. */
async function shardPaths(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (info === null || !info.isDirectory()) return [path];
  const names = (await readdir(path)).filter((name) => SHARD_FILE_PATTERN.test(name)).sort();
  if (names.length === 0) throw new InputError(path, 'must hold shard files (shard-0001-of-0004.json, …), but has none');
  return names.map((name) => join(path, name));
}

/** What a partial merge lacks (null when complete), also said in one line on stderr. */
function missingShards(checked: CheckedShards, io: CliIo): MissingShards | null {
  if (checked.missing.length === 0 && checked.incomplete.length === 0) return null;
  const parts = [
    checked.missing.length > 0 ? `missing shards ${checked.missing.join(', ')}` : null,
    checked.incomplete.length > 0 ? `interrupted shards ${checked.incomplete.join(', ')}` : null,
  ].filter(Boolean);
  io.stderr(`passk: partial result (--allow-partial): ${parts.join('; ')} of ${checked.count}\n`);
  return { count: checked.count, missing: checked.missing, incomplete: checked.incomplete };
}

/** Each shard's episodes and wall-clock time, so a slow shard stands out. */
function shardReport(checked: CheckedShards): string {
  const rows = checked.present.map(({ shard }) => {
    const rate = shard.seconds > 0 ? `${Math.round(shard.episodes / shard.seconds)}` : '—';
    const status = checked.incomplete.includes(shard.shard.index) ? 'interrupted' : 'complete';
    return [`${shard.shard.index}/${shard.shard.count}`, String(shard.episodes), shard.seconds.toFixed(2), rate, status];
  });
  const seconds = checked.present.map(({ shard }) => shard.seconds);
  const slowest = checked.present[seconds.indexOf(Math.max(...seconds))]!.shard;
  const columns = [
    { header: 'shard', align: 'left' as const },
    { header: 'episodes' },
    { header: 'seconds' },
    { header: 'episodes/s' },
    { header: 'status', align: 'left' as const },
  ];
  return [
    `passk merge: ${checked.present.length} of ${checked.count} shards of a passk ${slowest.kind} run (seed ${String(slowest.run.seed)}, ${slowest.run.replicates} replicates)`,
    renderTable(columns, rows),
    `slowest: shard ${slowest.shard.index}/${slowest.shard.count}, ${slowest.seconds.toFixed(2)} s`,
    '',
  ].join('\n');
}
