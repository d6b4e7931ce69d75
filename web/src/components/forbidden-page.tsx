import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The 403 page (spec document 1, section 2), with a way back to the inbox. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('forbidden.code'));
  return (
    <section className="status-page" data-testid="forbidden-page">
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1 className="status-page__title">{t('forbidden.message')}</h1>
      <p className="status-page__text">{t('forbidden.hint')}</p>
      <Button icon="pi pi-arrow-left" label={t('forbidden.back')} onClick={() => navigate('/tickets')} autoFocus />
    </section>
  );
}
