import { Badge, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { adminBodyRow, deleteButtonLook } from '../../../components/ui/table-styles';
import type { UserProfile } from '@cinefold/contracts';
import { LuShieldCheck, LuShieldOff, LuTrash2 } from 'react-icons/lu';
import { MemberAvatar } from '../../../components/ui/member-avatar';
import { formatLongDate } from '../../../lib/dates';
import { AdminTable } from '../../../components/ui/admin-table';

export interface UsersTableProps {
  readonly users: readonly UserProfile[];
  readonly currentUserId: string | null;
  /** The user whose row has a change on its way; their buttons wait for it. */
  readonly busyUserId: string | null;
  readonly onToggleRole: (user: UserProfile) => void;
  readonly onDelete: (user: UserProfile) => void;
}

const bodyCell = { borderColor: 'whiteAlpha.100', py: '3.5', px: { base: '3', md: '4' } } as const;

const COLUMNS = [
  { label: 'User' },
  { label: 'Email', hideBelow: 'md' },
  { label: 'Role' },
  { label: 'Joined', hideBelow: 'lg' },
  { label: 'Actions', end: true },
] as const;

export function UsersTable({ users, currentUserId, busyUserId, onToggleRole, onDelete }: UsersTableProps) {
  return (
    <AdminTable size="md" interactive columns={COLUMNS}>
      {users.map((user) => {
        const isAdmin = user.role === 'admin';
        const busy = busyUserId === user.id;
        const roleAction = isAdmin ? 'Make User' : 'Make Admin';
        return (
          <Table.Row key={user.id} {...adminBodyRow}>
            <Table.Cell {...bodyCell}>
              <HStack gap="3">
                <MemberAvatar name={user.name} size="sm" hideBelow="sm" />
                <Stack gap="0" minW="0">
                  <Text fontWeight="semibold">
                    {user.name}
                    {user.id === currentUserId && (
                      <Text as="span" ms="2" textStyle="xs" fontWeight="medium" color="accent">
                        You
                      </Text>
                    )}
                  </Text>
                  {/* Narrow screens have no Email column, so the address goes under the name. */}
                  <Text hideFrom="md" textStyle="xs" color="fg.subtle" wordBreak="break-all">
                    {user.email}
                  </Text>
                </Stack>
              </HStack>
            </Table.Cell>
            <Table.Cell {...bodyCell} color="fg.muted" hideBelow="md">
              {user.email}
            </Table.Cell>
            <Table.Cell {...bodyCell}>
              <Badge
                borderRadius="full"
                px="2.5"
                variant={isAdmin ? 'solid' : 'subtle'}
                colorPalette={isAdmin ? 'brand' : 'gray'}
              >
                {isAdmin ? 'Admin' : 'User'}
              </Badge>
            </Table.Cell>
            <Table.Cell {...bodyCell} color="fg.muted" whiteSpace="nowrap" hideBelow="lg">
              {formatLongDate(user.createdAt)}
            </Table.Cell>
            <Table.Cell {...bodyCell} textAlign="end">
              <HStack gap="1.5" justify="end">
                <IconButton
                  size="sm"
                  variant="outline"
                  title={roleAction}
                  aria-label={roleAction}
                  disabled={busy}
                  onClick={() => onToggleRole(user)}
                >
                  {isAdmin ? <LuShieldOff /> : <LuShieldCheck />}
                </IconButton>
                <IconButton
                  size="sm"
                  {...deleteButtonLook}
                  title="Delete User"
                  aria-label="Delete User"
                  disabled={busy}
                  onClick={() => onDelete(user)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </AdminTable>
  );
}
