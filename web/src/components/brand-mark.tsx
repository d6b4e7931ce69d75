import { useTranslation } from 'react-i18next';

/** The product's mark and name; the name hides when `compact`. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="brand-mark">
      <span className="brand-mark__logo" aria-hidden="true">
        <i className="pi pi-comments" />
      </span>
      {compact ? <span className="sr-only">{t('app.name')}</span> : <span className="brand-mark__name">{t('app.name')}</span>}
    </span>
  );
}
