import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** Static imports of a built module (`import{a}from"./x.js"`, `import"./x.js"`); `import("…")` loads later. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

/**
 * The JavaScript a browser fetches before the first page can run: the entry scripts and module
 * preloads of `index.html`, and everything they import statically, each once. Pages loaded on
 * demand (`import()`) are not in it.
 */
export function initialJavaScript(distDir: string): InitialFile[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const address = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && address?.startsWith('/')) queue.push(address.slice(1));
  }
  const seen = new Map<string, InitialFile>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const content = readFileSync(join(distDir, file));
    seen.set(file, { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    for (const [, specifier] of content.toString('utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('./')) queue.push(`${directory}${specifier!.slice(2)}`);
      else if (specifier!.startsWith('/')) queue.push(specifier!.slice(1));
    }
  }
  return [...seen.values()];
}
