// Types of doc-citations.mjs for the citation test.
export declare const OUTSIDE_CITATION: RegExp
export declare function repoFiles(root: string): string[]
export declare function slug(heading: string): string
export declare function anchorsOf(markdown: string): Set<string>
export declare function outsideCitations(
  root: string,
  files?: string[],
): { file: string; line: number; text: string }[]
export declare function brokenDocLinks(
  root: string,
  files?: string[],
): { file: string; link: string }[]
