import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /usersMoments: the running tickets and every attendant, for the live panel. */
export const getUsersMoments = () => callRoute('dashboard.moments', {});

export const usersMomentsKey = ['dashboard', 'moments'] as const;

export const useUsersMoments = () => useQuery({ queryKey: usersMomentsKey, queryFn: getUsersMoments });
