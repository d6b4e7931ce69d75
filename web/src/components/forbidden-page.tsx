import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** The 403 page (spec document 1, section 2), with a way back to the inbox. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="forbidden-page"
      code="403"
      documentTitle={t('forbidden.code')}
      title={t('forbidden.message')}
      text={t('forbidden.hint')}
      back={t('forbidden.back')}
      focusBack
    />
  );
}
