/**
 * The last specimen and the verifier's fields, kept outside React so they
 * survive the frame switching sections. Never persisted: the secret in a
 * specimen is the project's webhook secret.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { headersText, type SpecimenBody } from './specimenBody.ts'
import type { VerifyInput, VerifyResult } from './verifySpecimen.ts'

export interface SpecimenState {
  specimen: SpecimenBody | undefined
  form: VerifyInput
  /** The last verification and the exact form it judged. */
  result: { form: VerifyInput; result: VerifyResult } | undefined
  setSpecimen(specimen: SpecimenBody): void
  /** Puts a specimen's payload, headers and secret into the verifier. */
  loadIntoVerifier(specimen: SpecimenBody): void
  edit(patch: Partial<VerifyInput>): void
  setResult(form: VerifyInput, result: VerifyResult): void
}

export const specimenStore = createStore<SpecimenState>()((set, get) => ({
  specimen: undefined,
  form: { payload: '', headers: '', secret: '' },
  result: undefined,
  setSpecimen: (specimen) => set({ specimen }),
  loadIntoVerifier: (specimen) =>
    set({
      form: { payload: specimen.specimen.payload, headers: headersText(specimen.specimen.headers), secret: specimen.verification.secret },
      result: undefined,
    }),
  edit: (patch) => set({ form: { ...get().form, ...patch } }),
  setResult: (form, result) => set({ result: { form, result } }),
}))

export function useSpecimenStore<T>(selector: (state: SpecimenState) => T): T {
  return useStore(specimenStore, selector)
}
