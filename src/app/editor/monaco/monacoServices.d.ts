/**
 * The two modules of Monaco's own service layer the editor reads its
 * keybindings from. The package ships them without declarations; these name
 * only what the playground calls.
 */
declare module 'monaco-editor/editor/standalone/browser/standaloneServices' {
  export const StandaloneServices: {
    get<T>(id: import('monaco-editor/platform/keybinding/common/keybinding').ServiceIdentifier<T>): T
  }
}

declare module 'monaco-editor/platform/keybinding/common/keybinding' {
  /** A service's key in Monaco's dependency injection, typed by the service it gives. */
  export interface ServiceIdentifier<T> {
    (...args: never[]): void
    readonly type: T
  }
  export interface ResolvedKeybinding {
    /** The key as Monaco's menus show it on this platform: "Ctrl+Shift+I", "⇧⌥F". */
    getLabel(): string | null
  }
  export interface KeybindingService {
    /** The key bound to a command on this platform, undefined when none is. */
    lookupKeybinding(commandId: string): ResolvedKeybinding | undefined
  }
  export const IKeybindingService: ServiceIdentifier<KeybindingService>
}
