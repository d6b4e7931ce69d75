import { Button } from 'primereact/button';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** A full-page status (403, 404): the code, a title, a hint and a button back to the inbox. */
export function StatusPage({
  testId,
  code,
  documentTitle,
  title,
  text,
  back,
  focusBack,
}: {
  testId: string;
  code: string;
  documentTitle: string;
  title: string;
  text: string;
  /** the back button's label */
  back: string;
  /** the back button takes the focus when the page opens */
  focusBack?: boolean;
}) {
  const navigate = useNavigate();
  useDocumentTitle(documentTitle);
  return (
    <section className="status-page" data-testid={testId}>
      <p className="status-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="status-page__title">{title}</h1>
      <p className="status-page__text">{text}</p>
      <Button icon="pi pi-arrow-left" label={back} onClick={() => navigate('/tickets')} autoFocus={focusBack} />
    </section>
  );
}
