/**
 * The last specimen and the verifier's fields, kept outside React so they
 * survive the frame switching sections. Never persisted: the secret in a
 * specimen is the project's webhook secret.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { headersText, type SpecimenBody } from './specimenBody.ts'
import type { Tamper } from './tamper.ts'
import type { VerifyInput, VerifyResult } from './verifySpecimen.ts'

export interface SpecimenState {
  specimen: SpecimenBody | undefined
  form: VerifyInput
  /** The form as last loaded or edited by hand: what a tamper button changes. */
  untampered: VerifyInput
  /** The tamper the form shows now, if the last change was one. */
  tampered: Tamper['id'] | undefined
  /** The last verification and the exact form it judged. */
  result: { form: VerifyInput; result: VerifyResult } | undefined
  setSpecimen(specimen: SpecimenBody): void
  /** Puts a specimen's payload, headers and secret into the verifier. */
  loadIntoVerifier(specimen: SpecimenBody): void
  edit(patch: Partial<VerifyInput>): void
  /** Applies one tamper to the untampered form: pressing another replaces it, pressing one twice changes nothing more. */
  tamper(tamper: Tamper, nowSeconds: number): void
  /** Puts back the form as it was before tampering. */
  untamper(): void
  setResult(form: VerifyInput, result: VerifyResult): void
}

const EMPTY: VerifyInput = { payload: '', headers: '', secret: '' }

export const specimenStore = createStore<SpecimenState>()((set, get) => ({
  specimen: undefined,
  form: EMPTY,
  untampered: EMPTY,
  tampered: undefined,
  result: undefined,
  setSpecimen: (specimen) => set({ specimen }),
  loadIntoVerifier(specimen) {
    const form = {
      payload: specimen.specimen.payload,
      headers: headersText(specimen.specimen.headers),
      secret: specimen.verification.secret,
    }
    set({ form, untampered: form, tampered: undefined, result: undefined })
  },
  edit(patch) {
    const form = { ...get().form, ...patch }
    set({ form, untampered: form, tampered: undefined })
  },
  tamper: (tamper, nowSeconds) => set({ form: tamper.apply(get().untampered, nowSeconds), tampered: tamper.id }),
  untamper: () => set({ form: get().untampered, tampered: undefined }),
  setResult: (form, result) => set({ result: { form, result } }),
}))

export function useSpecimenStore<T>(selector: (state: SpecimenState) => T): T {
  return useStore(specimenStore, selector)
}
