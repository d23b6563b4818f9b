import { adminUsersQuery, type UserProfile } from '@cinefold/contracts';
import { Input, InputGroup, Stack } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { pageFrom, pageParam, setOrDelete, useAddressParams } from '../../../hooks/use-address-params';
import { PaginationNav } from '../../../components/ui/pagination-nav';
import { QueryPanel } from '../../../components/ui/query-panel';
import { failureWithReason } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { countOf, noun } from '../../../lib/numbers';
import { useChangeUserRole } from '../api/change-user-role';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { filterUsers } from '../filter-users';
import { UsersTable } from './users-table';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

const DELETE_QUESTION = 'Are you sure you want to delete this user?';

/** The user table of the back office: search, role changes, deletion and pages (spec section 2). */
export function AdminUsersManager() {
  const { user: me, refresh } = useAuth();
  const [params, changeAddress] = useAddressParams();
  const page = pageFrom(params, adminUsersQuery);
  const search = params.get('search') ?? '';
  const users = useAdminUsers(page);
  const changeRole = useChangeUserRole();
  const removeUser = useDeleteUser();

  const setParam = (name: string, value: string | null) =>
    changeAddress((next) => setOrDelete(next, name, value), {
      replace: name === 'search',
      preventScrollReset: name === 'search',
    });

  const onToggleRole = (user: UserProfile) => {
    changeRole.mutate(
      { userId: user.id, role: user.role === 'admin' ? 'user' : 'admin' },
      {
        // An admin who hands back their own role loses the back office; the guard needs to know.
        onSuccess: () => (user.id === me?.id ? refresh() : undefined),
        onError: (error) => window.alert(failureWithReason(error, 'Failed to update user role')),
      },
    );
  };

  const onDelete = (user: UserProfile) => {
    if (!window.confirm(DELETE_QUESTION)) return;
    removeUser.mutate(user.id, {
      onError: (error) => window.alert(failureWithReason(error, 'Failed to delete user')),
    });
  };

  const busyUserId = changeRole.isPending
    ? changeRole.variables.userId
    : removeUser.isPending
      ? removeUser.variables
      : null;

  const shown = users.data ? filterUsers(users.data.users, search) : [];

  return (
    <Stack gap="6">
      <AdminPageHeader
        title="Manage Users"
        description={users.data ? countOf(users.data.total, noun('account')) : 'Every account on the site'}
      >
        <InputGroup startElement={<LuSearch />} maxW={{ md: 'xs' }} w="full">
          <Input
            type="search"
            placeholder="Search users..."
            aria-label="Search users"
            value={search}
            onChange={(event) => setParam('search', event.target.value)}
            bg="blackAlpha.400"
            borderColor="whiteAlpha.200"
            borderRadius="full"
          />
        </InputGroup>
      </AdminPageHeader>

      <QueryPanel
        query={users}
        loadingLabel="Loading users"
        errorText={'The users could not be loaded.'}
        empty={() =>
          shown.length > 0
            ? null
            : search.trim()
              ? 'No users on this page match your search.'
              : 'No users on this page.'
        }
      >
        {() => (
          <UsersTable
            users={shown}
            currentUserId={me?.id ?? null}
            busyUserId={busyUserId}
            onToggleRole={onToggleRole}
            onDelete={onDelete}
          />
        )}
      </QueryPanel>

      {users.data && (
        <PaginationNav
          label="User pages"
          page={page}
          pages={users.data.pages}
          onPageChange={(next) => setParam('page', pageParam(next))}
        />
      )}
    </Stack>
  );
}
