/**
 * Monaco's JSON mode, which the package ships without declarations: the
 * floor imports it only for what loading it registers, never a name from it.
 */
declare module 'monaco-editor/languages/features/json/jsonMode' {}
