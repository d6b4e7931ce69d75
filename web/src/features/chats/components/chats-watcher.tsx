import { useEffect } from 'react';
import { useChatUnreadCount } from '../api/get-chats.ts';
import { useChatsLiveUpdates } from '../hooks/use-chats-live-updates.ts';

/**
 * Mounted by the shell for users whose plan has the internal chat: keeps the chat caches live and reports the
 * user's unread total (the top bar's count, the menu's dot). Renders nothing; loaded after the first paint.
 */
export function ChatsWatcher({
  companyId,
  userId,
  onUnread,
}: {
  companyId: number;
  userId: number;
  onUnread: (count: number) => void;
}) {
  const unread = useChatUnreadCount({ enabled: true });
  useChatsLiveUpdates(companyId, userId, { enabled: true });
  const count = unread.data ?? 0;
  useEffect(() => onUnread(count), [count, onUnread]);
  return null;
}
