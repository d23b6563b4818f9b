/** One branch for every ads query, so a change in the back office refreshes the slots too. */
export const adKeys = {
  all: ['ads'] as const,
  slot: (position: string) => [...adKeys.all, 'slot', position] as const,
  admin: () => [...adKeys.all, 'admin'] as const,
};
