// Types of kept-as-imports.mjs, for the tests that read its lists.
export declare const LOADED_ON_FIRST_USE: string[];
export declare const KEPT_AS_IMPORTS: string[];
export declare function keptAsImport(specifier: string): boolean;
