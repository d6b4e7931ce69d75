import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found-page"
      code="404"
      documentTitle={t('notFound.title')}
      title={t('notFound.title')}
      text={t('notFound.message')}
      back={t('notFound.back')}
    />
  );
}
