import { Input, type InputProps } from '@chakra-ui/react';
import { PasswordInput } from '../../../components/ui/password-input';
import { fieldLook } from '../../../components/ui/field-look';
import { RequiredField } from '../../../components/ui/required-field';

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
    <RequiredField label={label}>
      {type === 'password' ? (
        <PasswordInput {...inputLook} {...input} />
      ) : (
        <Input {...inputLook} type={type} {...input} />
      )}
    </RequiredField>
  );
}

/** The address of the account a visitor signs in to, signs up or asks a reset link for. */
export function EmailField({ label }: { readonly label: string }) {
  return (
    <AuthField label={label} name="email" type="email" autoComplete="email" placeholder="you@example.com" />
  );
}

/**
 * A new password typed twice, `name` and `confirmPassword`, which `newPasswordCheck(name)` compares;
 * the second field's label is the first's after 'Confirm'.
 */
export function NewPasswordFields({ label, name }: { readonly label: string; readonly name: string }) {
  return (
    <>
      <AuthField label={label} name={name} type="password" autoComplete="new-password" />
      <AuthField
        label={`Confirm ${label}`}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
