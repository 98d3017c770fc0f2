import { Type } from '@sinclair/typebox';
import { openObject } from './openObject.js';
import { TreeSchema } from './treeSchema.js';
import { Count } from './intervalSchema.js';

/** The log a result was computed from. */
export const SourceSchema = Type.Object(
  {
    file: Type.String({ description: 'the path as given' }),
    format: Type.String({ description: 'the format it was read as (csv, jsonl, humaneval, tau-bench, inspect, …)' }),
    rows: Count('attempts read'),
    columns: openObject('the column (or field) used for each role'),
    tree: Type.Optional(TreeSchema),
  },
  { $id: 'Source', description: 'the file read: path, format, attempts and columns (and rows dropped, when any were)' },
);
