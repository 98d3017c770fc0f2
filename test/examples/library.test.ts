import { describe, expect, it } from 'vitest';
import { libraryExample } from '../../examples/library.js';

// examples/library.ts runs as a library user would write it (typechecked with test/, run here).
describe('examples/library.ts', () => {
  it('runs and computes what the CLI computes', async () => {
    const lines: string[] = [];
    const result = await libraryExample((line) => lines.push(line));
    expect(lines).toHaveLength(6);
    // 1 − C(7, 5)/C(10, 5) = 1 − 21/252 (closed form).
    expect(result.onePassAt5).toBeCloseTo(11 / 12, 14);
    // python: v = [.3, 1, 0, .6]; v.mean() ± norm.ppf(0.975)·v.std(ddof=1)/2 → 0.475, [0.0563515094, 0.8936484906]
    expect(result.row.passAtK!.value).toBeCloseTo(0.475, 14);
    expect(result.interval!.lower).toBeCloseTo(0.05635150938505762, 12);
    expect(result.interval!.upper).toBeCloseTo(0.8936484906149423, 12);
    // The population interval is the CLI's (its own tests check it against scipy); here: it holds the estimate.
    expect(result.population.lower).toBeLessThan(0.475);
    expect(result.population.upper).toBeGreaterThan(0.475);
    // The two-thread runner gives the single-thread engine's result to the byte.
    expect(JSON.stringify(result.threaded)).toBe(JSON.stringify(result.single));
    expect(result.grid.map((point) => point['policy.maxAttempts'])).toEqual([1, 2, 3, 4]);
    expect(result.found.points).toHaveLength(4);
    const costs = result.found.frontier.map((i) => result.found.points[i]!.outcome.cost.value!);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(result.fitted.tasks.count).toBe(7);
  });
});
