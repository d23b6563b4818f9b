import { adInput, adPositionLabel, isAdPosition } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';

const imageAd = { title: 'Spring sale', imageUrl: 'https://ads.example/spring.png', position: 'home-hero' };
const problem = (input: object) => {
  const parsed = adInput.safeParse(input);
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the ad form’s schema', () => {
  it('fills the form’s defaults: type image, active, no dates, no description', () => {
    expect(adInput.parse(imageAd)).toEqual({
      ...imageAd,
      description: '',
      type: 'image',
      provider: null,
      embedCode: '',
      linkUrl: '',
      active: true,
      startDate: null,
      endDate: null,
    });
  });

  it('drops the provider and embed code of any ad that is not a network ad', () => {
    const saved = adInput.parse({ ...imageAd, provider: 'evadav', embedCode: '<script></script>' });
    expect(saved).toMatchObject({ provider: null, embedCode: '' });
  });

  it('keeps a network ad’s provider and embed code, and needs no image', () => {
    const saved = adInput.parse({
      title: 'Net',
      type: 'network',
      provider: 'ad-maven',
      embedCode: '<b>x</b>',
      position: 'tv-top',
    });
    expect(saved).toMatchObject({ provider: 'ad-maven', embedCode: '<b>x</b>' });
  });

  it('names the field of each rule broken', () => {
    expect(problem({ ...imageAd, title: '  ' })).toEqual(['title: Title is required']);
    expect(problem({ ...imageAd, imageUrl: '' })).toEqual([
      'imageUrl: Image URL is required for an image ad',
    ]);
    expect(problem({ ...imageAd, imageUrl: 'ftp://x/y.png' })).toEqual([
      'imageUrl: Image URL must be an http or https address',
    ]);
    expect(problem({ ...imageAd, linkUrl: 'javascript:alert(1)' })).toEqual([
      'linkUrl: Link URL must be an http or https address',
    ]);
    expect(problem({ title: 'Net', type: 'network', position: 'home-mid' })).toEqual([
      'embedCode: Embed code is required for a network ad',
    ]);
    expect(
      problem({ title: 'Net', type: 'network', embedCode: 'x'.repeat(20_001), position: 'home-mid' }),
    ).toEqual(['embedCode: Embed code must be at most 20000 characters']);
    expect(problem({ ...imageAd, position: 'sidebar' })).toEqual([
      'position: Position must be one of the site’s ad slots',
    ]);
    expect(problem({ ...imageAd, startDate: '2025-02-30' })).toEqual([
      'startDate: Start date must be a date (YYYY-MM-DD)',
    ]);
    expect(problem({ ...imageAd, startDate: '2025-03-02', endDate: '2025-03-01' })).toEqual([
      'endDate: The end date must not be before the start date',
    ]);
  });

  it('takes an empty date as no date, and a one-day window', () => {
    expect(adInput.parse({ ...imageAd, startDate: '', endDate: null })).toMatchObject({
      startDate: null,
      endDate: null,
    });
    expect(adInput.parse({ ...imageAd, startDate: '2025-03-01', endDate: '2025-03-01' })).toMatchObject({
      startDate: '2025-03-01',
      endDate: '2025-03-01',
    });
  });
});

describe('the ad slots', () => {
  it('are the eight of the spec and the landing pages’ slots, each with a label', () => {
    for (const slot of [
      'global-bottom',
      'action-movies-top',
      'sci-fi-movies-bottom',
      'movies-2024-top',
      'trending-movies-top',
    ]) {
      expect(isAdPosition(slot)).toBe(true);
    }
    for (const slot of ['sidebar', 'movies-24-top', 'trending-movies-bottom', ''])
      expect(isAdPosition(slot)).toBe(false);
    expect(adPositionLabel('home-hero')).toBe('Home - Hero Banner');
    expect(adPositionLabel('sci-fi-movies-bottom')).toBe('Sci-Fi Movies - Bottom Banner');
    expect(adPositionLabel('action-movies-top')).toBe('Action Movies - Top Banner');
    expect(adPositionLabel('top-100-movies-top')).toBe('Top 100 Movies - Top Banner');
    expect(adPositionLabel('movies-2024-top')).toBe('Movies 2024 - Top Banner');
  });
});
