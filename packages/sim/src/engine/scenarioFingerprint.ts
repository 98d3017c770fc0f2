import { requireString } from '../checkArgs.js';
import { requireScenario } from '../scenario/requireScenario.js';
import type { Scenario } from '../scenario/types.js';

/**
 * A 64-bit fingerprint (16 hex digits) of a resolved scenario and the engine's result format, so
 * that partial results of different scenarios (or engine versions) are never merged.
 *
 * Formula: two 32-bit FNV-1a hashes (Fowler, Noll & Vo; offset bases 2166136261 and 1 in the second,
 * multiplier 16777619) of the UTF-16 code units of JSON.stringify([format, scenario]), the second
 * over the string read backwards. `resolveScenario` builds every object in a fixed key order, so
 * equal scenarios give equal strings.
 * Example: the fingerprint of a scenario changes when run.replicates changes (tested).
 */
export function scenarioFingerprint(scenario: Scenario, format: string): string {
  scenario = requireScenario('scenario', scenario);
  requireString('format', format);
  const text = JSON.stringify([format, scenario]);
  let forward = 2166136261;
  let backward = 1;
  for (let i = 0, j = text.length - 1; i < text.length; i++, j--) {
    forward = Math.imul(forward ^ text.charCodeAt(i), 16777619);
    backward = Math.imul(backward ^ text.charCodeAt(j), 16777619);
  }
  return hex(forward) + hex(backward);
}

function hex(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}
