/**
 * The built frontend's files as the build compressed them: `app-1a2b.js.br` and `.gz` lie beside
 * `app-1a2b.js` (see frontend/vite.config.ts), so the browser gets brotli or gzip at the build's
 * best level, and the server compresses nothing for them. A file without such a copy, or a client
 * that accepts neither, falls through to the plain file.
 */
import { extname } from 'node:path';
import { acceptedEncoding } from '@cinefold/platform';
import type { RequestHandler } from 'express';

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** The kinds of file the build compresses (the others are compressed already, or tiny). */
export const COMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export function precompressedFiles(
  dir: string,
  options: { readonly maxAge: string; readonly immutable?: boolean },
): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // The plain file and the compressed ones are the same address: caches must keep them apart.
    res.vary('Accept-Encoding');
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    const type = COMPRESSED_TYPES[extname(req.path)];
    if (!encoding || !type) return next();
    res.sendFile(
      `${req.path.slice(1)}${SUFFIX[encoding]}`,
      {
        root: dir,
        maxAge: options.maxAge,
        immutable: options.immutable ?? false,
        dotfiles: 'ignore',
        headers: { 'Content-Encoding': encoding, 'Content-Type': type },
      },
      // No compressed copy (or an address that is no file's): the plain file answers, or not.
      (error?: Error) => (error ? next() : undefined),
    );
  };
}
