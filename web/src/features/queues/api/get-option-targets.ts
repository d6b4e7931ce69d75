import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /files/list: the file lists a queue or an option may send. */
export const getFileListNames = () => callRoute('files.list-all', {});

/** GET /users, every page: the agents an option may send the customer to (a company has its plan's few users). */
export const getUserNames = async (): Promise<{ id: number; name: string }[]> => {
  const users: { id: number; name: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const res = await callRoute('users.list', { query: { cursor } });
    users.push(...res.users.map((u) => ({ id: u.id, name: u.name })));
    if (!res.hasMore || !res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return users;
};

export const optionTargetsQueryKeys = {
  files: ['queues', 'targets', 'files'] as const,
  users: ['queues', 'targets', 'users'] as const,
};

// read again each time the dialog opens (staleTime 0): an agent or a file list added a moment ago on its own page
// must be a target at once, not after the client's default 30 seconds
export const useFileListNames = (enabled: boolean) =>
  useQuery({ queryKey: optionTargetsQueryKeys.files, queryFn: getFileListNames, enabled, staleTime: 0 });
export const useUserNames = (enabled: boolean) =>
  useQuery({ queryKey: optionTargetsQueryKeys.users, queryFn: getUserNames, enabled, staleTime: 0 });
