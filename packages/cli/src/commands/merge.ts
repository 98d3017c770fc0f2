import { InputError, exactValuesFor, mergePartials, summarise } from '@passk/sim';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io/cliIo.js';
import { readJsonFile } from '../io/readTextFile.js';
import { readShard } from '../run/shardFile.js';
import { emitSummary, type SummaryOutputArgs } from './simulateOutput.js';

interface MergeArgs extends SummaryOutputArgs {
  parts: string[];
}

/** `passk merge PARTS…`: shard files of one run → exactly the summary of the single run. */
export function mergeCommand(io: CliIo): CommandModule<object, MergeArgs> {
  return {
    command: 'merge <parts..>',
    builder: (y) =>
      y
        .positional('parts', { type: 'string', array: true, demandOption: true, describe: 'shard files' })
        .option('json', { type: 'boolean', default: false })
        .option('csv', { type: 'boolean', default: false })
        .option('out', { type: 'string', describe: 'write summary.json, summary.csv and scenario.yaml into this folder' }),
    handler: async (args) => {
      const shards = await Promise.all(
        args.parts.map(async (path) => readShard(await readJsonFile(path, 'a shard file (written by passk simulate --shard)'), path)),
      );
      const scenario = shards[0]!.scenario;
      const partials = shards.map(({ shard }, i) => {
        if (shard.partial.fingerprint !== shards[0]!.shard.partial.fingerprint) {
          throw new InputError(args.parts[i]!, `must come from the same scenario and seed as ${args.parts[0]} (fingerprints differ)`);
        }
        return shard.partial;
      });
      const merged = mergePartials(partials);
      await emitSummary(summarise(scenario, merged, exactValuesFor(scenario)), null, args, io);
    },
  };
}
