import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/** GET /quick-messages/list: the caller's own quick replies and the shared active ones, by shortcode prefix. */
export const getQuickReplies = (shortcode: string) =>
  callRoute('quick-messages.picker', { query: { shortcode: shortcode || undefined } });

export const quickRepliesQueryKey = (shortcode: string) => ['quick-messages', 'picker', shortcode] as const;

export const useQuickReplies = (shortcode: string, enabled: boolean) =>
  useQuery({
    queryKey: quickRepliesQueryKey(shortcode),
    queryFn: () => getQuickReplies(shortcode),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
