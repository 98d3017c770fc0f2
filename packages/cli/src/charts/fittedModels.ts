import { basename } from 'node:path';
import { InputError } from '@passk/sim';
import { listAt, numberAt, optionalStringAt } from './resultFields.js';
import { OKABE_ITO, SERIES_COLOURS } from './theme.js';

/** How each model of `passk fit` is named on a chart (an unknown name is shown as it is). */
const MODEL_LABELS: Readonly<Record<string, string>> = {
  betaBinomial: 'beta-binomial',
  zeroOneInflatedBetaBinomial: 'zero/one-inflated beta-binomial',
};

/** One fitted model of a `passk.fit` result, as the fit charts draw it. */
export interface ChartModel {
  /** Its name in the result (`models[i].name`). */
  readonly name: string;
  /** "beta-binomial". */
  readonly label: string;
  /** "beta-binomial (chosen, AIC 161.95)": the legend entry. */
  readonly legend: string;
  readonly chosen: boolean;
  readonly aic: number;
  readonly colour: string;
  /** Its index in `models`. */
  readonly index: number;
}

/**
 * The models of a fit result in their order, the chosen one in blue and the others in the next
 * series colours (never the observed data's black or grey).
 */
export function fittedModels(result: object): ChartModel[] {
  const chosen = optionalStringAt(result, ['chosen']);
  const others = SERIES_COLOURS.filter((colour) => colour !== OKABE_ITO.blue && colour !== OKABE_ITO.black);
  let next = 0;
  const models = listAt(result, ['models']);
  if (models.length === 0) throw new InputError('--from', 'must have at least one fitted model at models', []);
  return models.map((_, index) => {
    const name = optionalStringAt(result, ['models', index, 'name']) ?? `model ${index + 1}`;
    const label = MODEL_LABELS[name] ?? name;
    const aic = numberAt(result, ['models', index, 'aic']);
    const isChosen = name === chosen;
    const colour = isChosen ? OKABE_ITO.blue : others[next++ % others.length]!;
    return { name, label, legend: `${label} (${isChosen ? 'chosen, ' : ''}AIC ${aic.toFixed(2)})`, chosen: isChosen, aic, colour, index };
  });
}

/** The chosen model (the first when the result names none of its models). */
export function chosenModel(models: readonly ChartModel[]): ChartModel {
  return models.find((model) => model.chosen) ?? models[0]!;
}

/** "50 tasks of gpt-4o-airline.json" (or just "50 tasks" without a source file). */
export function fitSubject(result: object): string {
  const tasks = numberAt(result, ['tasks']);
  const file = optionalStringAt(result, ['source', 'file']);
  return `${tasks} task${tasks === 1 ? '' : 's'}${file === null ? '' : ` of ${basename(file)}`}`;
}
