/** A record to look at, not to change: no field of it, nor any item of its arrays, can be assigned through this type. */
export type ReadonlyRecord<T> = { readonly [F in keyof T]: T[F] extends readonly (infer U)[] ? readonly U[] : T[F] }
