import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDocumentTitle } from './document-title.ts';
import { useUnreadCount } from './unread-count.ts';

/** Sets the tab title to "<page> - Switchboard" while the page is shown, in the current language, after the unread count. */
export const useDocumentTitle = (page?: string): void => {
  const { t } = useTranslation();
  const app = t('app.name');
  const unread = useUnreadCount();
  useEffect(() => {
    document.title = formatDocumentTitle({ app, page, unread });
  }, [app, page, unread]);
};
