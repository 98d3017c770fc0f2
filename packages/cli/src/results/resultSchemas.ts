import type { TObject } from '@sinclair/typebox';
import type { DocumentType } from './documentType.js';
import type { ResultKind } from '../format/resultKinds.js';
import { CompareSchema } from './compareSchema.js';
import { EstimateFileSchema } from './estimateFileSchema.js';
import { EstimateRateSchema } from './estimateRateSchema.js';
import { EstimateTaskSchema } from './estimateTaskSchema.js';
import { FitSchema } from './fitSchema.js';
import { GateSchema } from './gateSchema.js';
import { PlanGateSchema } from './planGateSchema.js';
import {
  PlanAuditSchema,
  PlanComparePilotSchema,
  PlanCompareSchema,
  PlanDemonstrateSchema,
  PlanPrecisionPilotSchema,
  PlanPrecisionSchema,
} from './planSchemas.js';
import { SimulateSchema, SweepSchema } from './simulateSchema.js';
import { VerifierSchema } from './verifierSchema.js';

/** The schema of every result kind: the one contract its producer, its readers and docs/results.md share. */
export const RESULT_SCHEMAS = {
  'passk.estimate.task': EstimateTaskSchema,
  'passk.estimate.rate': EstimateRateSchema,
  'passk.estimate.file': EstimateFileSchema,
  'passk.plan.demonstrate': PlanDemonstrateSchema,
  'passk.plan.precision': PlanPrecisionSchema,
  'passk.plan.compare': PlanCompareSchema,
  'passk.plan.compare-pilot': PlanComparePilotSchema,
  'passk.plan.precision-pilot': PlanPrecisionPilotSchema,
  'passk.plan.audit': PlanAuditSchema,
  'passk.plan.gate': PlanGateSchema,
  'passk.simulate': SimulateSchema,
  'passk.sweep': SweepSchema,
  'passk.fit': FitSchema,
  'passk.compare': CompareSchema,
  'passk.gate': GateSchema,
  'passk.verifier': VerifierSchema,
} as const satisfies Record<ResultKind, TObject>;

/** The document of one kind, as its schema declares it. */
export type ResultDocumentOf<K extends ResultKind> = DocumentType<(typeof RESULT_SCHEMAS)[K]>;

/** A result document of any kind (a union discriminated by `kind`). */
export type ResultDocument = { [K in ResultKind]: ResultDocumentOf<K> }[ResultKind];
