import { Field, Input, type InputProps } from '@chakra-ui/react';
import { PasswordInput } from '../../../components/ui/password-input';
import { fieldLook } from '../../../components/ui/field-look';

export interface AuthFieldProps extends Omit<InputProps, 'required'> {
  readonly label: string;
  readonly name: string;
}

const inputLook = {
  ...fieldLook,
  size: 'lg',
  borderRadius: 'lg',
  _placeholder: { color: 'fg.subtle' },
} as const;

/** A required input with its label; the browser checks presence and, for e-mail, the format. */
export function AuthField({ label, type, ...input }: AuthFieldProps) {
  return (
    <Field.Root required>
      <Field.Label fontWeight="medium" color="fg.muted">
        {label}
        <Field.RequiredIndicator color="brand.400" />
      </Field.Label>
      {type === 'password' ? (
        <PasswordInput {...inputLook} {...input} />
      ) : (
        <Input {...inputLook} type={type} {...input} />
      )}
    </Field.Root>
  );
}
