import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../../components/ui/form-error';
import { FormNotice } from '../../../components/ui/form-error';
import type { CurrentUser } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-context';
import { changeEmail, changeName, changePassword } from '../api/account';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { AuthField } from './auth-field';
import { SectionCard } from '../../../components/ui/section-card';

const FAILED = 'Could not save the change. Please try again.';

function NameForm({ user }: { readonly user: CurrentUser }) {
  const { refresh } = useAuth();
  const save = useMutation({ mutationFn: changeName, onSuccess: () => refresh() });
  const { onSubmit, message } = useAccountForm(save, { failed: FAILED, send: (field) => field('name') });
  return (
    <form onSubmit={onSubmit} aria-labelledby="settings-name">
      <Stack gap="4">
        <FormError message={message} />
        <FormNotice message={save.data?.message ?? null} />
        <AuthField label="Full Name" name="name" type="text" autoComplete="name" defaultValue={user.name} />
        <Button type="submit" alignSelf="start" loading={save.isPending} loadingText="Saving...">
          Save Name
        </Button>
      </Stack>
    </form>
  );
}

function EmailForm() {
  const ask = useMutation({ mutationFn: changeEmail });
  const { onSubmit, message } = useAccountForm(ask, {
    failed: FAILED,
    send: (field) => ({ email: field('email'), password: field('password') }),
    clearOnSuccess: true,
  });
  return (
    <form onSubmit={onSubmit} aria-labelledby="settings-email">
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          Your email changes once you open the link we send to the new address.
        </Text>
        <FormError message={message} />
        <FormNotice message={ask.data?.message ?? null} />
        <AuthField label="New Email Address" name="email" type="email" autoComplete="email" />
        <AuthField label="Password" name="password" type="password" autoComplete="current-password" />
        <Button type="submit" alignSelf="start" loading={ask.isPending} loadingText="Sending...">
          Send Confirmation Link
        </Button>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const change = useMutation({ mutationFn: changePassword });
  const { onSubmit, message } = useAccountForm(change, {
    failed: FAILED,
    check: newPasswordCheck('newPassword'),
    send: (field) => ({ currentPassword: field('currentPassword'), newPassword: field('newPassword') }),
    clearOnSuccess: true,
  });
  return (
    <form onSubmit={onSubmit} aria-labelledby="settings-password">
      <Stack gap="4">
        <FormError message={message} />
        <FormNotice message={change.data?.message ?? null} />
        <AuthField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
        />
        <AuthField label="New Password" name="newPassword" type="password" autoComplete="new-password" />
        <AuthField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" alignSelf="start" loading={change.isPending} loadingText="Saving...">
          Change Password
        </Button>
      </Stack>
    </form>
  );
}

/** The member's own account on the profile: name, email (confirmed by mail) and password. */
export function AccountSettings({ user }: { readonly user: CurrentUser }) {
  return (
    <Stack as="section" aria-labelledby="account-settings" gap="5">
      <Heading as="h2" id="account-settings" textStyle="display" fontSize={{ base: '2xl', md: '3xl' }}>
        Account Settings
      </Heading>
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
    </Stack>
  );
}
