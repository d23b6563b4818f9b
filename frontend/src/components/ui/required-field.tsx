import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { fieldLabel } from './field-look';

export interface RequiredFieldProps {
  readonly label: string;
  /** The input the label names. */
  readonly children: ReactNode;
}

/** A required form field: its label, marked required, over its input. */
export function RequiredField({ label, children }: RequiredFieldProps) {
  return (
    <Field.Root required>
      <Field.Label {...fieldLabel}>
        {label}
        <Field.RequiredIndicator color="brand.400" />
      </Field.Label>
      {children}
    </Field.Root>
  );
}
