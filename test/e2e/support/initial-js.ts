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
/** `import("./x.js")`: in the entry, that is the app's start, fetched as soon as the page has painted. */
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;

/**
 * The JavaScript a browser fetches before the first page can run: the entry scripts and module
 * preloads of `index.html`, the app's start the entry imports once the page has painted, and
 * everything they import statically, each once. Pages loaded on demand (`import()` anywhere but in
 * the entry) are not in it.
 */
export function initialJavaScript(distDir: string): InitialFile[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue: string[] = [];
  const entries = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const address = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && address?.startsWith('/')) queue.push(address.slice(1));
    if (isEntry && address?.startsWith('/')) entries.add(address.slice(1));
  }
  const seen = new Map<string, InitialFile>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const content = readFileSync(join(distDir, file));
    seen.set(file, { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    const text = content.toString('utf8');
    const imports = [
      ...text.matchAll(STATIC_IMPORT),
      ...(entries.has(file) ? text.matchAll(DYNAMIC_IMPORT) : []),
    ];
    for (const [, specifier] of imports) {
      if (specifier!.startsWith('./')) queue.push(`${directory}${specifier!.slice(2)}`);
      else if (specifier!.startsWith('/')) queue.push(specifier!.slice(1));
    }
  }
  return [...seen.values()];
}
