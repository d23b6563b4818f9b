import { describe, expect, it } from 'vitest';
import { filterUsers } from './filter-users';

const users = [
  { name: 'Ann Lee', email: 'ann@example.com' },
  { name: 'Bob Stone', email: 'bob@cinefold.test' },
  { name: 'Carla Ray', email: 'CARLA@Example.com' },
];

describe('the admin user search', () => {
  it('matches names whatever their case', () => {
    expect(filterUsers(users, 'bob').map((user) => user.name)).toEqual(['Bob Stone']);
    expect(filterUsers(users, 'LEE').map((user) => user.name)).toEqual(['Ann Lee']);
  });

  it('matches e-mail addresses whatever their case', () => {
    expect(filterUsers(users, 'example.COM').map((user) => user.name)).toEqual(['Ann Lee', 'Carla Ray']);
  });

  it('shows the whole page when the search is empty or blank', () => {
    expect(filterUsers(users, '')).toHaveLength(3);
    expect(filterUsers(users, '   ')).toHaveLength(3);
  });

  it('shows no one when nothing matches', () => {
    expect(filterUsers(users, 'zed')).toEqual([]);
  });
});
