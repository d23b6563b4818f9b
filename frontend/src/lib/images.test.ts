import { describe, expect, it } from 'vitest';
import { imageUrl, POSTER_PLACEHOLDER } from './images';

describe('image addresses', () => {
  it('puts a poster path on the image host at w500 unless another size is asked for', () => {
    expect(imageUrl('/abc.jpg')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
    expect(imageUrl('/abc.jpg', 'w185')).toBe('https://image.tmdb.org/t/p/w185/abc.jpg');
    expect(imageUrl('abc.jpg')).toBe('https://image.tmdb.org/t/p/w500/abc.jpg');
  });

  it('serves from another base when one is configured', () => {
    expect(imageUrl('/abc.jpg', 'original', 'https://img.example.com/t')).toBe(
      'https://img.example.com/t/original/abc.jpg',
    );
  });

  it('keeps a full URL as it is', () => {
    expect(imageUrl('https://cdn.example.com/p.png')).toBe('https://cdn.example.com/p.png');
    expect(imageUrl('http://cdn.example.com/p.png')).toBe('http://cdn.example.com/p.png');
  });

  it('uses the local placeholder when there is no image', () => {
    expect(imageUrl(null)).toBe(POSTER_PLACEHOLDER);
    expect(imageUrl(undefined)).toBe(POSTER_PLACEHOLDER);
    expect(imageUrl('  ')).toBe(POSTER_PLACEHOLDER);
  });
});
