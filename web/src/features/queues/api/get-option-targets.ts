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

export const optionTargetsQueryKeys = { files: ['queues', 'targets', 'files'] as const, users: ['queues', 'targets', 'users'] as const };

export const useFileListNames = (enabled: boolean) => useQuery({ queryKey: optionTargetsQueryKeys.files, queryFn: getFileListNames, enabled });
export const useUserNames = (enabled: boolean) => useQuery({ queryKey: optionTargetsQueryKeys.users, queryFn: getUserNames, enabled });
