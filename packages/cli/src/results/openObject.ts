import { Type } from '@sinclair/typebox';

/** An object whose fields another contract declares (a scenario, a source description): checked to be an object only. */
export const openObject = (description: string) => Type.Object({}, { description });
