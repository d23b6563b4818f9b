import { Box, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { changeEmail, changeName, changePassword } from '../api/account';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { AccountForm } from './account-form';
import { AuthField, NewPasswordFields } from './auth-field';
import { ProfileSection, SectionCard } from '../../../components/ui/section-card';

const FAILED = 'Could not save the change. Please try again.';

function NameForm({ user }: { readonly user: CurrentUser }) {
  const { refresh } = useAuth();
  const save = useMutation({ mutationFn: changeName, onSuccess: () => refresh() });
  const form = useAccountForm(save, { failed: FAILED, send: (field) => field('name') });
  return (
    <AccountForm form={form} card="settings-name" submit="Save Name" loadingText="Saving...">
      <AuthField label="Full Name" name="name" type="text" autoComplete="name" defaultValue={user.name} />
    </AccountForm>
  );
}

function EmailForm() {
  const ask = useMutation({ mutationFn: changeEmail });
  const form = useAccountForm(ask, {
    failed: FAILED,
    send: (field) => ({ email: field('email'), password: field('password') }),
    clearOnSuccess: true,
  });
  return (
    <AccountForm
      form={form}
      card="settings-email"
      intro={
        <Text color="fg.muted" textStyle="sm">
          Your email changes once you open the link we send to the new address.
        </Text>
      }
      submit="Send Confirmation Link"
      loadingText="Sending..."
    >
      <AuthField label="New Email Address" name="email" type="email" autoComplete="email" />
      <AuthField label="Password" name="password" type="password" autoComplete="current-password" />
    </AccountForm>
  );
}

function PasswordForm() {
  const change = useMutation({ mutationFn: changePassword });
  const form = useAccountForm(change, {
    failed: FAILED,
    check: newPasswordCheck('newPassword'),
    send: (field) => ({ currentPassword: field('currentPassword'), newPassword: field('newPassword') }),
    clearOnSuccess: true,
  });
  return (
    <AccountForm form={form} card="settings-password" submit="Change Password" loadingText="Saving...">
      <AuthField
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields label="New Password" name="newPassword" />
    </AccountForm>
  );
}

/** The member's own account on the profile: name, email (confirmed by mail) and password. */
export function AccountSettings({ user }: { readonly user: CurrentUser }) {
  return (
    <ProfileSection id="account-settings" title="Account Settings">
      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }} gap="5">
        <SectionCard id="settings-name" title="Name">
          <NameForm user={user} />
        </SectionCard>
        <SectionCard id="settings-email" title="Email">
          <EmailForm />
        </SectionCard>
        <SectionCard id="settings-password" title="Password">
          <PasswordForm />
        </SectionCard>
      </Box>
    </ProfileSection>
  );
}
