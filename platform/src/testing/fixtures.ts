import type { AdFields } from '@cinefold/contracts';

/** An image ad for the home hero, active with no date window: tests change what they are about. */
export const SAMPLE_AD: AdFields = Object.freeze({
  title: 'Spring sale',
  description: '',
  type: 'image',
  provider: null,
  embedCode: '',
  imageUrl: 'https://ads.example/spring.png',
  linkUrl: '',
  position: 'home-hero',
  active: true,
  startDate: null,
  endDate: null,
});
