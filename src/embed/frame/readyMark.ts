/** The performance mark an embed frame sets once its example can run (runtime started, key issued): what the bench times. */
export const EMBED_READY_MARK = 'developer-sandbox:embed-ready'
