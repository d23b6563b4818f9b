import {
  Button,
  chakra,
  CloseButton,
  Field,
  Flex,
  Grid,
  Heading,
  Input,
  Stack,
  Textarea,
  type TextareaProps,
} from '@chakra-ui/react';
import type { AdminAd } from '@cinefold/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../../components/ui/form-error';
import type { SelectOption } from '../../../components/ui/option-select';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import {
  type AdFormErrors,
  type AdFormValues,
  type AdProvider,
  type AdType,
  checkAdForm,
  formValuesOf,
  NEW_AD_VALUES,
  positionOptions,
} from '../ad-form';
import { useSaveAd } from '../api/save-ad';
import { fieldLook, fieldLabel } from '../../../components/ui/field-look';

const TYPES: readonly { value: AdType; label: string }[] = [
  { value: 'image', label: 'Image' },
  { value: 'network', label: 'Network' },
];
const PROVIDERS: readonly { value: AdProvider; label: string }[] = [
  { value: 'evadav', label: 'EvaDav' },
  { value: 'ad-maven', label: 'Ad-Maven' },
  { value: 'custom', label: 'Custom' },
];

const fieldStyle = fieldLook;
const labelStyle = fieldLabel;

export interface AdFormDialogProps {
  /** The ad being edited, or null for a new one. */
  readonly ad: AdminAd | null;
  readonly onClose: () => void;
}

/**
 * The modal form of spec section 2 that creates or edits an ad. Mounted only while open. A native
 * `<dialog>` shown modal (focus kept inside, the page behind inert, Escape closes) rather than
 * Chakra's: the build puts every Chakra part any page uses into the chunk the first paint loads.
 */
export function AdFormDialog({ ad, onClose }: AdFormDialogProps) {
  const [values, setValues] = useState<AdFormValues>(() => (ad ? formValuesOf(ad) : NEW_AD_VALUES));
  const [errors, setErrors] = useState<AdFormErrors>({});
  const save = useSaveAd();
  const busy = save.isPending;

  const set = <Field extends keyof AdFormValues>(field: Field, value: AdFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkAdForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: ad?.id, ad: check.ad }, { onSuccess: onClose });
  };

  const heading = ad ? 'Edit Ad' : 'Create New Ad';
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const text = (
    field: 'title' | 'imageUrl' | 'linkUrl' | 'startDate' | 'endDate',
    label: string,
    type = 'text',
  ) => (
    <Field.Root invalid={Boolean(errors[field])} required={field === 'title'} disabled={busy}>
      <Field.Label {...labelStyle}>{label}</Field.Label>
      <Input
        type={type}
        name={field}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        {...fieldStyle}
      />
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );

  const choice = <Name extends 'type' | 'position' | 'provider'>(
    field: Name,
    label: string,
    options: readonly SelectOption<AdFormValues[Name]>[],
  ) => (
    <SelectField
      label={label}
      name={field}
      value={values[field]}
      options={options}
      onChange={(value) => set(field, value)}
      disabled={busy}
      labelStyle={labelStyle}
    />
  );
  const longText = (field: 'description' | 'embedCode', label: string, look: TextareaProps) => (
    <Field.Root invalid={Boolean(errors[field])} required={field === 'embedCode'} disabled={busy}>
      <Field.Label {...labelStyle}>{label}</Field.Label>
      <Textarea
        name={field}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        {...look}
        {...fieldStyle}
      />
      <Field.ErrorText>{errors[field]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <chakra.dialog
      ref={dialog}
      aria-labelledby={headingId}
      onCancel={(event) => {
        // Escape: closes, unless a save is on its way.
        event.preventDefault();
        if (!busy) onClose();
      }}
      bg="gray.950"
      color="fg"
      borderWidth="1px"
      borderColor="whiteAlpha.200"
      borderRadius="xl"
      p="0"
      w="calc(100% - 2rem)"
      maxW="2xl"
      maxH="calc(100dvh - 4rem)"
      m="auto"
      overflowY="auto"
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.7)' } }}
    >
      <form aria-label={heading} onSubmit={onSubmit} noValidate>
        <Flex justify="space-between" align="center" px="6" pt="6" pb="4">
          <Heading as="h2" id={headingId} fontSize="xl">
            {heading}
          </Heading>
          <CloseButton size="sm" aria-label="Close" onClick={onClose} disabled={busy} />
        </Flex>
        <Stack gap="4" px="6" pb="2">
          <FormError message={save.isError ? errorMessageOf(save.error, 'Failed to save ad') : null} />
          {text('title', 'Title')}
          {longText('description', 'Description', { rows: 3 })}
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {choice('type', 'Type', TYPES)}
            {choice('position', 'Position', positionOptions(values.position))}
          </Grid>
          {values.type === 'image' ? (
            <>
              {text('imageUrl', 'Image URL', 'url')}
              {text('linkUrl', 'Link URL', 'url')}
            </>
          ) : (
            <>
              {choice('provider', 'Provider', PROVIDERS)}
              {longText('embedCode', 'Embed Code', { rows: 6, fontFamily: 'mono', textStyle: 'sm' })}
            </>
          )}
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
            {text('startDate', 'Start Date', 'date')}
            {text('endDate', 'End Date', 'date')}
          </Grid>
          <chakra.label display="flex" alignItems="center" gap="3" fontWeight="medium" cursor="pointer">
            <chakra.input
              type="checkbox"
              name="active"
              checked={values.active}
              onChange={(event) => set('active', event.target.checked)}
              disabled={busy}
              w="4"
              h="4"
              accentColor="brand.500"
            />
            Active
          </chakra.label>
        </Stack>
        <Flex justify="end" gap="3" px="6" py="5">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : ad ? 'Update Ad' : 'Create Ad'}
          </Button>
        </Flex>
      </form>
    </chakra.dialog>
  );
}
