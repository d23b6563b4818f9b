import {
  type AD_PROVIDERS,
  type AD_TYPES,
  type AdInput,
  adInput,
  type AdminAd,
  adPositionLabel,
  LANDING_AD_POSITIONS,
  SPEC_AD_POSITIONS,
} from '@cinefold/contracts';

export type AdType = (typeof AD_TYPES)[number];
export type AdProvider = (typeof AD_PROVIDERS)[number];

/** The ad form's fields as the inputs hold them: text everywhere, a provider always chosen. */
export interface AdFormValues {
  readonly title: string;
  readonly description: string;
  readonly type: AdType;
  readonly provider: AdProvider;
  readonly embedCode: string;
  readonly imageUrl: string;
  readonly linkUrl: string;
  readonly position: string;
  readonly active: boolean;
  readonly startDate: string;
  readonly endDate: string;
}

export type AdFormErrors = Partial<Record<keyof AdFormValues, string>>;

/** Spec section 5: position home-hero, type image, provider evadav, active. */
export const NEW_AD_VALUES: AdFormValues = {
  title: '',
  description: '',
  type: 'image',
  provider: 'evadav',
  embedCode: '',
  imageUrl: '',
  linkUrl: '',
  position: 'home-hero',
  active: true,
  startDate: '',
  endDate: '',
};

/** An ad's fields in the form, to edit it; an image ad has no provider, so the default shows. */
export function formValuesOf(ad: AdminAd): AdFormValues {
  return {
    title: ad.title,
    description: ad.description,
    type: ad.type,
    provider: ad.provider ?? NEW_AD_VALUES.provider,
    embedCode: ad.embedCode,
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl,
    position: ad.position,
    active: ad.active,
    startDate: ad.startDate ?? '',
    endDate: ad.endDate ?? '',
  };
}

export type AdFormCheck =
  { readonly ok: true; readonly ad: AdInput } | { readonly ok: false; readonly errors: AdFormErrors };

/**
 * Checks the form with the schema the server checks the request with, so the form refuses what
 * the server would, in the same words, under the field it is about. What passes is sent as the
 * schema leaves it: an image ad without provider nor embed code (spec section 4).
 */
export function checkAdForm(values: AdFormValues): AdFormCheck {
  const parsed = adInput.safeParse(values);
  if (parsed.success) return { ok: true, ad: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'title');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors: errors as AdFormErrors };
}

export interface PositionOption {
  readonly value: string;
  readonly label: string;
}

/**
 * The positions the form offers: section 3's in its order, then the landing pages' slots. An ad
 * already on a slot not listed (a year page's) keeps it as an option.
 */
export function positionOptions(current: string): PositionOption[] {
  const options: PositionOption[] = [...SPEC_AD_POSITIONS, ...LANDING_AD_POSITIONS].map((value) => ({
    value,
    label: adPositionLabel(value),
  }));
  if (!options.some((option) => option.value === current))
    options.push({ value: current, label: adPositionLabel(current) });
  return options;
}
