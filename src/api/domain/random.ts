/** The random source; injectable so tests can make keys and ids reproducible. */
export type RandomBytes = (length: number) => Uint8Array<ArrayBuffer>

export const secureRandomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length))
