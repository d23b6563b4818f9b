import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedEncoding, encodedBody, encodingFor, MIN_COMPRESSED_BYTES } from '@cinefold/platform';
import { describe, expect, it } from 'vitest';

const body = Buffer.from(
  JSON.stringify({ movies: Array.from({ length: 50 }, (_, id) => ({ id, title: `Title ${id}` })) }),
);

describe('a compressed answer', () => {
  it('is compressed once per body and encoding, then the same copy is sent again', () => {
    const first = encodedBody(body, 'br');
    expect(encodedBody(body, 'br')).toBe(first);
    expect(brotliDecompressSync(first)).toEqual(body);
    expect(gunzipSync(encodedBody(body, 'gzip'))).toEqual(body);
    expect(first.length).toBeLessThan(body.length / 3);
  });

  it('is made anew for a renewed body with the same content', () => {
    expect(encodedBody(Buffer.from(body), 'br')).not.toBe(encodedBody(body, 'br'));
  });
});

describe('the encoding chosen', () => {
  it('is brotli when accepted, else gzip, else none', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('is none for bodies too small to gain from it', () => {
    expect(encodingFor(Buffer.alloc(MIN_COMPRESSED_BYTES - 1), 'br')).toBeNull();
    expect(encodingFor(Buffer.alloc(MIN_COMPRESSED_BYTES), 'br')).toBe('br');
  });
});
