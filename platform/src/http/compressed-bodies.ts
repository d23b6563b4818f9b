/**
 * Compressed copies of answers that are sent many times (the catalogue's cached answers): each
 * body is compressed once per encoding, the first time a client that accepts it asks, and the
 * copy lives as long as the body does. A renewed answer is a new body, compressed anew.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

/** Smaller answers fit in a packet or two: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

const copies = new WeakMap<Buffer, Partial<Record<BodyEncoding, Buffer>>>();

/**
 * The encoding to send for an `Accept-Encoding` header, of those `offered` in order of preference:
 * brotli, else gzip, else none.
 */
export function acceptedEncoding(
  header: string | string[] | undefined,
  offered: readonly BodyEncoding[] = ['br', 'gzip'],
): BodyEncoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (!refused) accepted.add(name);
  }
  if (offered.includes('br') && accepted.has('br')) return 'br';
  if (offered.includes('gzip') && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return null;
}

/** `body` in `encoding`, compressed on first use and kept beside it. */
export function encodedBody(body: Buffer, encoding: BodyEncoding): Buffer {
  let known = copies.get(body);
  if (!known) {
    known = {};
    copies.set(body, known);
  }
  const existing = known[encoding];
  if (existing) return existing;
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: 6 });
  known[encoding] = compressed;
  return compressed;
}

/** The encoding to use for `body` answering a request with `acceptEncoding`, or null to send it as it is. */
export function encodingFor(
  body: Buffer,
  acceptEncoding: string | string[] | undefined,
): BodyEncoding | null {
  return body.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(acceptEncoding) : null;
}
