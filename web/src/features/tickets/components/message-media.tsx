import type { Message } from '@switchboard/shared/contracts/messages';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { nextPlaybackRate } from '../../../lib/message-format.ts';
import { parseVCard } from '../utils/message-rules.ts';

const RATE_KEY = 'audioPlaybackRate';

/** A voice message with the playback speed button (0.5, 1, 1.5, 2; remembered locally). */
function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [rate, setRate] = useState(() => Number(readStored(RATE_KEY)) || 1);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);
  return (
    <div className="media-audio">
      <audio ref={audio} controls preload="metadata" src={src} onLoadedMetadata={(e) => (e.currentTarget.playbackRate = rate)} />
      <Button
        type="button"
        label={`${rate}x`}
        size="small"
        text
        className="media-audio__rate"
        aria-label={t('tickets.messages.playbackRate', { rate })}
        onClick={() => {
          const next = nextPlaybackRate(rate);
          writeStored(RATE_KEY, String(next));
          setRate(next);
        }}
      />
    </div>
  );
}

/** The media part of a message: image, audio, video, document, contact card, location, reaction or call. */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation();
  const url = message.mediaUrl ?? undefined;
  switch (message.mediaType) {
    case 'image':
      return url ? (
        <a className="media-image" href={url} target="_blank" rel="noreferrer" aria-label={t('tickets.messages.openImage')}>
          <img src={url} alt={message.mediaName ?? ''} loading="lazy" />
        </a>
      ) : null;
    case 'audio':
      return url ? <AudioPlayer src={url} /> : null;
    case 'video':
      return url ? <video className="media-video" src={url} controls preload="metadata" /> : null;
    case 'application':
      return (
        <a className="media-file" href={url} target="_blank" rel="noreferrer" download={message.mediaName ?? undefined}>
          <i className="pi pi-file" aria-hidden="true" />
          <span className="media-file__name">{message.mediaName ?? t('tickets.messages.file')}</span>
          <i className="pi pi-download" aria-hidden="true" />
        </a>
      );
    case 'contactMessage': {
      const card = parseVCard(message.body);
      return (
        <div className="media-contact">
          <span className="media-contact__avatar" aria-hidden="true">
            <i className="pi pi-user" />
          </span>
          <div>
            <div className="media-contact__name">{card?.name || t('tickets.messages.contactCard')}</div>
            {card?.number ? <div className="media-contact__number">{card.number}</div> : null}
          </div>
        </div>
      );
    }
    case 'locationMessage':
      return (
        <span className="media-inline">
          <i className="pi pi-map-marker" aria-hidden="true" /> {t('tickets.messages.location')}
        </span>
      );
    case 'call_log':
      return (
        <span className="media-inline">
          <i className="pi pi-phone" aria-hidden="true" /> {t('tickets.messages.call')}
        </span>
      );
    default:
      return null;
  }
}

/** Whether the body is shown as text under the media (a caption) or is part of the media itself. */
export const bodyIsText = (m: Message): boolean =>
  m.mediaType !== 'contactMessage' && !(m.mediaName && m.body === m.mediaName) && m.body.trim() !== '';
