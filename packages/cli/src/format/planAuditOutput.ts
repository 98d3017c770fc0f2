import type { PlanAuditDocument } from '../results/planSchemas.js';
import { describeLevel } from './describe.js';
import { metricLabel } from './metricLabel.js';
import { formatPercent } from './percent.js';
import { terminalText } from './terminalText.js';
import { fullBody, type TerminalReport } from './terminalReport.js';

/** The answer of `plan audit` in one line: how many tasks to audit, or that the half-width is out of reach. */
export function planAuditAnswer(plan: PlanAuditDocument): string {
  const label = metricLabel(plan.metric, plan.k);
  const target = `${label} ± ${formatPercent(plan.halfWidth)} (${describeLevel(plan.confidence)} two-sided)`;
  if (plan.audited === null) {
    return `no audit of ${plan.tasks} tasks reaches ${target}: auditing all of them gives ± ${formatPercent(plan.achievedHalfWidth)}`;
  }
  return `audit ${plan.audited} of ${plan.tasks} tasks for ${target}`;
}

/** Text view of `plan audit` (the report's too): the answer, the audit alone for comparison, the moments and the method. */
export function formatPlanAudit(plan: PlanAuditDocument): string {
  const report = planAuditReport(plan);
  return [fullBody(report).trimEnd(), ...report.notes!, ''].join('\n');
}

/** `plan audit` for the terminal: the answer and the moments; the method behind --explain; the answer again as the verdict. */
export function planAuditReport(plan: PlanAuditDocument): TerminalReport {
  const { moments } = plan;
  const without = plan.auditOnly === null ? `more than the ${plan.tasks} tasks` : `${plan.auditOnly} tasks`;
  const from =
    'pilot' in plan.from
      ? [
          `moments measured on ${terminalText(plan.from.pilot)}`,
          `  (${plan.from.audited} of ${plan.from.of} tasks audited, truth column ${terminalText(plan.from.column)}):`,
        ]
      : [
          'moments from the rates:',
          `  mean ${formatPercent(plan.from.mean)}, concentration ${plan.from.concentration}, ${plan.from.trials} trials per task, ` +
            `false accept ${formatPercent(plan.from.falseAccept)}, false reject ${formatPercent(plan.from.falseReject)}:`,
        ];
  const body = [
    planAuditAnswer(plan),
    `  the truth alone (no judge) needs ${without}; expected half-width ± ${formatPercent(plan.achievedHalfWidth, 2)}`,
    '',
    ...from,
    `  σ²(truth) ${moments.truthVariance.toFixed(4)}, σ²(judge) ${moments.judgedVariance.toFixed(4)}, ` +
      `cov ${moments.covariance.toFixed(4)}, λ ${plan.lambda.toFixed(2)}`,
  ];
  return {
    body: `${body.join('\n')}\n`,
    notes: [
      'method: the variance of the prediction-powered estimate at the optimal λ, t quantile at m − 2 df',
      '  (docs/judge-correction.md); the half-width is the expected one, the interval you get scatters.',
    ],
    verdict: `plan audit: ${planAuditAnswer(plan)}`,
  };
}
