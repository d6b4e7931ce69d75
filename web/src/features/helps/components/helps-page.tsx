import type { Help } from '@switchboard/shared/contracts/helps';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useHelps } from '../../../lib/helps-api.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import './helps.css';

/** A video code as the player and thumbnail addresses need it (the code alone; anything else is dropped). */
const safeCode = (code: string): string => code.replace(/[^\w-]/g, '');

/**
 * /helps (spec document 3 "Help videos"): a grid of cards (thumbnail, title, description) under a heading with the
 * count; a card opens the video in a modal player, which Escape closes.
 */
export function HelpsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('platform.helps.page.title'));
  const helps = useHelps();
  const [playing, setPlaying] = useState<Help | null>(null);
  const list = helps.data ?? [];

  return (
    <section className="page helps-page" data-testid="helps-page">
      <PageHeader title={t('platform.helps.page.heading', { count: list.length })} />
      {helps.isError ? (
        <p className="surface-panel" role="alert">
          {t('platform.loadFailed')}
        </p>
      ) : list.length === 0 && !helps.isPending ? (
        <p className="surface-panel">{t('platform.helps.page.empty')}</p>
      ) : (
        <ul className="helps-grid">
          {list.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                className="helps-card surface-panel"
                onClick={() => setPlaying(h)}
                aria-label={t('platform.helps.page.watch', { title: h.title })}
                data-testid={`help-card-${h.id}`}
              >
                <img
                  src={`https://i.ytimg.com/vi/${safeCode(h.video)}/mqdefault.jpg`}
                  alt=""
                  loading="lazy"
                  onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                />
                <span className="helps-card__title">{h.title}</span>
                {h.description ? <span className="helps-card__description">{h.description}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        header={playing?.title}
        visible={Boolean(playing)}
        onHide={() => setPlaying(null)}
        style={{ width: '56rem' }}
        breakpoints={{ '960px': '96vw' }}
        modal
        dismissableMask
        closeOnEscape
        data-testid="help-video-dialog"
      >
        {playing ? (
          <div className="helps-player">
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${safeCode(playing.video)}`}
              title={t('platform.helps.page.player', { title: playing.title })}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
