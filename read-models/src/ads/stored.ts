/**
 * What the ads read model stores of an ad, declared once: its fields as its events carry them,
 * its id, and when it was created and last changed. The projection encodes it and decodes the
 * ads it changes; the queries decode it. A slot's answer is built from the stored JSON itself
 * (see the query API's `AdSlotAnswers`), so the keys are declared in the order the API shows them.
 */
import { adFields, type PublicAd } from '@cinefold/contracts';
import { z } from 'zod';

const storedAd = /* @__PURE__ */ z.object({
  id: z.string(),
  ...adFields.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredAd = PublicAd;

export const encodeAd = (ad: StoredAd): string => JSON.stringify(ad);
export const decodeAd = (json: string): StoredAd => storedAd.parse(JSON.parse(json));
