/** The package version. */
export declare const VERSION: string;
