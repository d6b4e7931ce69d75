/** Agents for the transfer picker (searched) and the admin's user filter (all): the shared lookup (lib/lookups.ts). */
export { getUserPicks as getUsers, userPicksKey as usersQueryKey, useUserPicks as useUsers } from '../../../lib/lookups.ts';
