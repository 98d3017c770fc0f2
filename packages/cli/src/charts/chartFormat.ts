import { InputError } from '@passk/sim/internal';

/** The output format a chart path asks for, by extension; anything else is an InputError (checked before long work starts). */
export function chartFormat(path: string, option = '--chart'): 'svg' | 'png' | 'vl.json' {
  const lower = path.toLowerCase();
  if (lower.endsWith('.vl.json')) return 'vl.json';
  if (lower.endsWith('.svg')) return 'svg';
  if (lower.endsWith('.png')) return 'png';
  throw new InputError(option, 'must end in .svg, .png or .vl.json (the extension chooses the format)', path);
}
