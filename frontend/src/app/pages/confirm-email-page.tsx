import { AccountPage } from '../../features/auth/components/account-page';
import { EmailConfirmation } from '../../features/auth/components/email-confirmation';

/** Where the link mailed to a new address leads: the address becomes the account's once opened. */
export function ConfirmEmailPage() {
  return <AccountPage page="confirmEmail" form={EmailConfirmation} />;
}
