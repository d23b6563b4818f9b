import type { AdminAd } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { checkAdForm, formValuesOf, NEW_AD_VALUES, positionOptions } from './ad-form';

const imageAd = { ...NEW_AD_VALUES, title: 'Spring sale', imageUrl: 'https://ads.example/spring.png' };

describe('the ad form', () => {
  it('starts on home-hero, image, evadav and active', () => {
    expect(NEW_AD_VALUES).toMatchObject({
      position: 'home-hero',
      type: 'image',
      provider: 'evadav',
      active: true,
    });
  });

  it('requires a title, and an image URL that is a URL for an image ad', () => {
    expect(checkAdForm(NEW_AD_VALUES)).toEqual({
      ok: false,
      errors: { title: 'Title is required', imageUrl: 'Image URL is required for an image ad' },
    });
    const check = checkAdForm({ ...imageAd, imageUrl: 'spring.png', linkUrl: 'javascript:alert(1)' });
    expect(check).toEqual({
      ok: false,
      errors: {
        imageUrl: 'Image URL must be an http or https address',
        linkUrl: 'Link URL must be an http or https address',
      },
    });
  });

  it('requires an embed code for a network ad, and no image', () => {
    const network = { ...NEW_AD_VALUES, title: 'Network', type: 'network' as const };
    expect(checkAdForm(network)).toEqual({
      ok: false,
      errors: { embedCode: 'Embed code is required for a network ad' },
    });
    const check = checkAdForm({ ...network, embedCode: '<script></script>' });
    expect(check.ok && check.ad).toMatchObject({
      type: 'network',
      provider: 'evadav',
      embedCode: '<script></script>',
    });
  });

  it('sends an image ad without provider nor embed code, and empty dates as none', () => {
    const check = checkAdForm({ ...imageAd, embedCode: '<script>left over</script>', provider: 'custom' });
    expect(check.ok && check.ad).toMatchObject({
      provider: null,
      embedCode: '',
      startDate: null,
      endDate: null,
    });
  });

  it('refuses an end date before the start date', () => {
    expect(checkAdForm({ ...imageAd, startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual({
      ok: false,
      errors: { endDate: 'The end date must not be before the start date' },
    });
  });

  it('fills the form from an ad to edit, with the default provider for an image ad', () => {
    const ad: AdminAd = {
      id: 'a1',
      title: 'T',
      description: 'D',
      type: 'image',
      provider: null,
      embedCode: '',
      imageUrl: 'https://x.example/i.png',
      linkUrl: '',
      position: 'movies-top',
      active: false,
      startDate: null,
      endDate: '2026-12-31',
      schedule: 'running',
      createdAt: '',
      updatedAt: '',
      impressions: 3,
      viewableImpressions: 2,
      clicks: 1,
    };
    expect(formValuesOf(ad)).toEqual({
      title: 'T',
      description: 'D',
      type: 'image',
      provider: 'evadav',
      embedCode: '',
      imageUrl: 'https://x.example/i.png',
      linkUrl: '',
      position: 'movies-top',
      active: false,
      startDate: '',
      endDate: '2026-12-31',
    });
  });

  it('offers the positions of section 3 first, in order and with their labels, then the landing pages', () => {
    const options = positionOptions('home-hero');
    expect(options.slice(0, 8).map((option) => option.label)).toEqual([
      'Home - Hero Banner',
      'Home - Mid Page',
      'Movies - Top Banner',
      'TV Shows - Top Banner',
      'Details - Top Banner',
      'Details - Sidebar',
      'Details - Bottom Banner',
      'Global - Bottom of Page',
    ]);
    expect(options).toContainEqual({ value: 'action-movies-bottom', label: 'Action Movies - Bottom Banner' });
    expect(positionOptions('movies-2024-top').at(-1)).toEqual({
      value: 'movies-2024-top',
      label: 'Movies 2024 - Top Banner',
    });
  });
});
