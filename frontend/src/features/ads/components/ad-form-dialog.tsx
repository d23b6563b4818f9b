import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Grid,
  Input,
  Portal,
  Stack,
  Switch,
  Textarea,
} from '@chakra-ui/react';
import type { AdminAd } from '@cinefold/contracts';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../components/ui/form-error';
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

const TYPES: readonly { value: AdType; label: string }[] = [
  { value: 'image', label: 'Image' },
  { value: 'network', label: 'Network' },
];
const PROVIDERS: readonly { value: AdProvider; label: string }[] = [
  { value: 'evadav', label: 'EvaDav' },
  { value: 'ad-maven', label: 'Ad-Maven' },
  { value: 'custom', label: 'Custom' },
];

const fieldStyle = {
  bg: 'blackAlpha.400',
  borderColor: 'whiteAlpha.200',
  _hover: { borderColor: 'whiteAlpha.400' },
} as const;
const labelStyle = { fontWeight: 'medium', color: 'fg.muted' } as const;

export interface AdFormDialogProps {
  /** The ad being edited, or null for a new one. */
  readonly ad: AdminAd | null;
  readonly onClose: () => void;
}

/** The modal form of spec section 2 that creates or edits an ad. Mounted only while open. */
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

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => (details.open || busy ? undefined : onClose())}
      size="lg"
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.950" borderWidth="1px" borderColor="whiteAlpha.200">
            <form aria-label={heading} onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{heading}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormError
                    message={save.isError ? errorMessageOf(save.error, 'Failed to save ad') : null}
                  />
                  {text('title', 'Title')}
                  <Field.Root invalid={Boolean(errors.description)} disabled={busy}>
                    <Field.Label {...labelStyle}>Description</Field.Label>
                    <Textarea
                      name="description"
                      value={values.description}
                      onChange={(event) => set('description', event.target.value)}
                      rows={3}
                      {...fieldStyle}
                    />
                    <Field.ErrorText>{errors.description}</Field.ErrorText>
                  </Field.Root>
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                    <SelectField
                      label="Type"
                      name="type"
                      value={values.type}
                      options={TYPES}
                      onChange={(type) => set('type', type)}
                      disabled={busy}
                      labelStyle={labelStyle}
                    />
                    <SelectField
                      label="Position"
                      name="position"
                      value={values.position}
                      options={positionOptions(values.position)}
                      onChange={(position) => set('position', position)}
                      disabled={busy}
                      labelStyle={labelStyle}
                    />
                  </Grid>
                  {values.type === 'image' ? (
                    <>
                      {text('imageUrl', 'Image URL', 'url')}
                      {text('linkUrl', 'Link URL', 'url')}
                    </>
                  ) : (
                    <>
                      <SelectField
                        label="Provider"
                        name="provider"
                        value={values.provider}
                        options={PROVIDERS}
                        onChange={(provider) => set('provider', provider)}
                        disabled={busy}
                        labelStyle={labelStyle}
                      />
                      <Field.Root invalid={Boolean(errors.embedCode)} required disabled={busy}>
                        <Field.Label {...labelStyle}>Embed Code</Field.Label>
                        <Textarea
                          name="embedCode"
                          value={values.embedCode}
                          onChange={(event) => set('embedCode', event.target.value)}
                          rows={6}
                          fontFamily="mono"
                          textStyle="sm"
                          {...fieldStyle}
                        />
                        <Field.ErrorText>{errors.embedCode}</Field.ErrorText>
                      </Field.Root>
                    </>
                  )}
                  <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                    {text('startDate', 'Start Date', 'date')}
                    {text('endDate', 'End Date', 'date')}
                  </Grid>
                  <Switch.Root
                    checked={values.active}
                    onCheckedChange={(details) => set('active', details.checked)}
                    disabled={busy}
                    colorPalette="brand"
                  >
                    <Switch.HiddenInput name="active" />
                    <Switch.Control />
                    <Switch.Label>Active</Switch.Label>
                  </Switch.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" disabled={busy}>
                  {busy ? 'Saving...' : ad ? 'Update Ad' : 'Create Ad'}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={busy} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
