import { Box, Container, Stack } from '@chakra-ui/react';
import { PageSpinner } from '../../components/ui/page-spinner';
import { SitePageHead } from '../../components/ui/site-page-head';
import { AccountSettings } from '../../features/auth/components/account-settings';
import { ProfileHeader } from '../../features/auth/components/profile-header';
import { ActivityTimeline } from '../../features/library/components/activity-timeline';
import { MemberLibrary } from '../../features/library/components/member-library';
import { MyDataPanel } from '../../features/library/components/my-data-panel';
import { NotInterestedList } from '../../features/up-next/components/not-interested-list';
import { useAuth } from '../../lib/auth/auth-context';

/** The member's own page: who they are, their three lists, what they changed lately and their account's settings. */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <SitePageHead page="profile" />
      {user ? (
        <Box bgImage="radial-gradient(ellipse 60% 45% at 15% 0%, rgba(214, 31, 40, 0.22), transparent 70%), radial-gradient(ellipse 40% 30% at 95% 10%, rgba(251, 191, 36, 0.08), transparent 70%)">
          <Container
            maxW="7xl"
            pt={{ base: 'calc(var(--header-height) + 2rem)', md: 'calc(var(--header-height) + 3.5rem)' }}
            pb="16"
          >
            <Stack gap={{ base: '8', md: '12' }}>
              <ProfileHeader user={user} />
              <MemberLibrary />
              <ActivityTimeline />
              <NotInterestedList />
              <AccountSettings user={user} />
              <MyDataPanel />
            </Stack>
          </Container>
        </Box>
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
