import { useMemo } from 'react';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useSettingEnabled } from '../../../lib/company-setting.ts';
import type { NotifiedUser } from '../utils/notification-rule.ts';
import type { ListViewer } from '../utils/ticket-filters.ts';

export interface InboxViewer extends ListViewer, NotifiedUser {
  name: string;
  isAdmin: boolean;
  /** the user may see colleagues' tickets: user flag or company setting allUserChat */
  allUserChat: boolean;
  userClosePendingTicket: 'enabled' | 'disabled';
}

/** The signed-in user as the inbox rules need them. */
export const useInboxViewer = (): InboxViewer => {
  const user = useCurrentUser();
  const companyAllUserChat = useSettingEnabled('allUserChat');
  return useMemo(
    () => ({
      id: user.id,
      name: user.name,
      profile: user.profile,
      isAdmin: user.profile === 'admin',
      queueIds: user.queueIds,
      allTicket: user.allTicket,
      allowGroup: user.allowGroup,
      allUserChat: user.allUserChat === 'enabled' || companyAllUserChat,
      userClosePendingTicket: user.userClosePendingTicket,
    }),
    [user, companyAllUserChat],
  );
};
