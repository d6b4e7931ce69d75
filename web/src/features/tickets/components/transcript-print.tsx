import type { Message, Ticket } from '@switchboard/shared/contracts/inbox';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useToast } from '../../../lib/toast.tsx';
import { parseVCard } from '../utils/message-rules.ts';
import { MessageText } from '../../../components/message-text.tsx';

export const TRANSCRIPT_ID = 'ticket-transcript';

/**
 * The PDF export: the conversation laid out for paper and handed to the browser's print dialog, where "Save as
 * PDF" writes the file. A print stylesheet shows only this element, so no PDF library is needed.
 */
export function TranscriptPrint({ ticket, messages, onDone }: { ticket: Ticket; messages: Message[]; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const format = new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'short' });

  useEffect(() => {
    const element = document.getElementById(TRANSCRIPT_ID);
    if (!element) {
      toast.errorText(t('tickets.pdf.notFound'));
      onDone();
      return;
    }
    const root = document.documentElement;
    const finish = () => {
      root.classList.remove('printing-transcript');
      window.removeEventListener('afterprint', finish);
      onDone();
    };
    root.classList.add('printing-transcript');
    window.addEventListener('afterprint', finish);
    // let the browser lay the transcript out before the dialog opens
    const timer = setTimeout(() => window.print(), 50);
    return () => {
      clearTimeout(timer);
      root.classList.remove('printing-transcript');
      window.removeEventListener('afterprint', finish);
    };
  }, [onDone, t, toast]);

  const who = (m: Message) => (m.isPrivate ? t('tickets.messages.privateNote') : m.fromMe ? t('tickets.messages.agent') : ticket.contact.name);

  return createPortal(
    <article id={TRANSCRIPT_ID} className="transcript">
      <header className="transcript__header">
        <h1>{t('tickets.pdf.title', { id: ticket.id })}</h1>
        <p>
          {ticket.contact.name} · {ticket.contact.number}
          {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          {ticket.user ? ` · ${t('tickets.header.assigned', { name: ticket.user.name })}` : ''}
        </p>
        <p>{t('tickets.pdf.generated', { date: format.format(new Date()) })}</p>
      </header>
      {messages.map((m) => (
        <div key={m.id} className={`transcript__message${m.fromMe ? ' transcript__message--mine' : ''}`}>
          <div className="transcript__meta">
            <strong>{who(m)}</strong> · {format.format(new Date(m.createdAt))}
          </div>
          <div className="transcript__body">
            {m.isDeleted ? (
              <em>{t(m.fromMe ? 'tickets.messages.deletedOwn' : 'tickets.messages.deletedContact')}</em>
            ) : m.mediaType === 'contactMessage' ? (
              `${parseVCard(m.body)?.name ?? ''} ${parseVCard(m.body)?.number ?? ''}`
            ) : (
              <>
                {m.mediaType !== 'chat' ? <em>[{m.mediaName ?? t(`tickets.messages.media.${m.mediaType}`, { defaultValue: t('tickets.messages.file') })}] </em> : null}
                <MessageText text={m.body === m.mediaName ? '' : m.body} />
              </>
            )}
          </div>
        </div>
      ))}
    </article>,
    document.body,
  );
}
