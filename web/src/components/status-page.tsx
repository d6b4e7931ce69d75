import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The full-page statuses and their texts: 403 (spec document 1, section 2; its back button takes the focus) and 404.
 * `documentTitle`, `title`, `text` and `back` are i18n keys.
 */
const STATUSES = {
  forbidden: {
    testId: 'forbidden-page',
    code: '403',
    documentTitle: 'forbidden.code',
    title: 'forbidden.message',
    text: 'forbidden.hint',
    back: 'forbidden.back',
    focusBack: true,
  },
  notFound: {
    testId: 'not-found-page',
    code: '404',
    documentTitle: 'notFound.title',
    title: 'notFound.title',
    text: 'notFound.message',
    back: 'notFound.back',
    focusBack: false,
  },
} as const;

/** A full-page status (403, 404): the code, a title, a hint and a button back to the inbox. */
export function StatusPage({ status }: { status: keyof typeof STATUSES }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = STATUSES[status];
  useDocumentTitle(t(page.documentTitle));
  return (
    <section className="status-page" data-testid={page.testId}>
      <p className="status-page__code" aria-hidden="true">
        {page.code}
      </p>
      <h1 className="status-page__title">{t(page.title)}</h1>
      <p className="status-page__text">{t(page.text)}</p>
      <Button icon="pi pi-arrow-left" label={t(page.back)} onClick={() => navigate('/tickets')} autoFocus={page.focusBack} />
    </section>
  );
}
