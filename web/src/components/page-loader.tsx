import { useTranslation } from 'react-i18next';
import { LeanSpinner } from './lean-controls.tsx';

/** A centred spinner for a whole page or a panel that is still loading. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'page-loader page-loader--full' : 'page-loader'} role="status" aria-live="polite">
      <LeanSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
