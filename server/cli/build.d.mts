/** Types for build.mjs, which stays plain JavaScript so it runs before anything is compiled. */
export interface BuildTarget {
  name: string;
  stamp: string;
  inputs: string[];
  build(): void;
}
export declare const targets: BuildTarget[];
export declare function build(options: { ifStale: boolean }): void;
