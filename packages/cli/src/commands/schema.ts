import { scenarioJsonSchema } from '@passk/sim/internal';
import type { CommandModule } from 'yargs';
import type { CliIo } from '../io/cliIo.js';

/** `passk schema`: the JSON Schema of scenario files, for editors that complete and check them. */
export function schemaCommand(io: CliIo): CommandModule {
  return {
    command: 'schema',
    handler: () => {
      io.stdout(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
    },
  };
}
