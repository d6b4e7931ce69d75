import { acceptAttribute } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GreetingMediaState } from '../hooks/use-greeting-media.ts';

/**
 * The greeting's image or video of a saved connection, uploaded or removed at once. The browser's own file field
 * speaks the browser's language: a button of ours opens it.
 */
export function GreetingMediaField({ media }: { media: GreetingMediaState }) {
  const { t } = useTranslation();
  const mediaInput = useRef<HTMLInputElement>(null);
  const mediaName = media.name;
  const mediaUrl = media.url;
  return (
    <div
      className="form-field"
      role="group"
      aria-labelledby="connection-greeting-media-label"
      aria-describedby="connection-greeting-media-hint"
    >
      <span id="connection-greeting-media-label" className="form-field__label">
        {t('connections.dialog.media.label')}
      </span>
      <div className="connection-media" data-testid="connection-greeting-media">
        {mediaName && mediaUrl ? (
          /\.(mp4|m4v|webm|3gp|mov)$/i.test(mediaName) ? (
            <video
              className="connection-media__preview"
              src={mediaUrl}
              controls
              aria-label={t('connections.dialog.media.preview')}
              data-testid="connection-greeting-media-preview"
            />
          ) : (
            <img
              className="connection-media__preview"
              src={mediaUrl}
              alt={t('connections.dialog.media.preview')}
              data-testid="connection-greeting-media-preview"
            />
          )
        ) : null}
        {mediaName ? (
          <span className="connection-media__name" data-testid="connection-greeting-media-name">
            {mediaName}
          </span>
        ) : null}
        <div className="connection-media__actions">
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={t('connections.dialog.media.choose')}
            loading={media.uploading}
            disabled={media.busy}
            onClick={() => mediaInput.current?.click()}
            data-testid="connection-greeting-media-choose"
          />
          {mediaName ? (
            <Button
              type="button"
              size="small"
              outlined
              severity="danger"
              icon="pi pi-trash"
              label={t('connections.dialog.media.remove')}
              loading={media.removing}
              disabled={media.busy}
              onClick={media.drop}
              data-testid="connection-greeting-media-remove"
            />
          ) : null}
          <input
            ref={mediaInput}
            type="file"
            hidden
            accept={acceptAttribute('greetingMedia')}
            onChange={(e) => {
              media.pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="connection-greeting-media-input"
          />
        </div>
      </div>
      <small id="connection-greeting-media-hint" className="form-field__hint">
        {t('connections.dialog.media.hint')}
      </small>
    </div>
  );
}
