import { InputError } from '@passk/sim/errors';
import { checkResultDocument } from './checkResultDocument.js';
import type { ResultDocument } from './resultSchemas.js';

/**
 * Checks the JSON text of a document about to be written against the schema of its kind (as it
 * will be read back: infinities already null). A misfit is a bug of passk, not bad input, so it
 * is a plain Error (with a stack), raised before anything is written. Returns the document as read back.
 */
export function checkWrittenDocument(json: string): ResultDocument {
  try {
    return checkResultDocument(JSON.parse(json), 'the document written');
  } catch (error) {
    if (error instanceof InputError) throw new Error(`passk wrote a document that does not fit its schema (a bug): ${error.message}`, { cause: error });
    throw error;
  }
}
