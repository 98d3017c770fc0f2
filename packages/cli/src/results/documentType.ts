import type { Static, TSchema } from '@sinclair/typebox';

/** Read-only all the way down (TypeBox's Static types are mutable; documents are values read or written once). */
export type DeepReadonly<T> = T extends (infer U)[] ? readonly DeepReadonly<U>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** The TypeScript type of the documents a schema declares. */
export type DocumentType<S extends TSchema> = DeepReadonly<Static<S>>;
