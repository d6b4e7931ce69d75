import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDocumentTitle } from './document-title.ts';

/** Sets the tab title to "<page> - Switchboard" while the page is shown, in the current language. */
export const useDocumentTitle = (page?: string): void => {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = formatDocumentTitle({ app, page });
  }, [app, page]);
};
