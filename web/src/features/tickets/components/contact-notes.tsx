import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, locales } from '../../../lib/i18n.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateTicketNote } from '../api/create-ticket-note.ts';
import { useDeleteTicketNote } from '../api/delete-ticket-note.ts';
import { useTicketNotes } from '../api/get-ticket-notes.ts';
import { useInboxViewer } from '../hooks/use-inbox-viewer.ts';

/** Spec document 1 section 5: a note needs at least 2 characters. */
const NOTE_MIN_CHARS = 2;

/** The ticket's notes (a list at most 200 px high), a form to add one and, for admins, deletion. */
export function ContactNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const viewer = useInboxViewer();
  const notes = useTicketNotes(ticketId, contactId);
  const create = useCreateTicketNote();
  const remove = useDeleteTicketNote();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = text.trim().length < NOTE_MIN_CHARS;
  const format = new Intl.DateTimeFormat(locales[currentLanguage()], { dateStyle: 'short', timeStyle: 'short' });

  const add = () => {
    setTouched(true);
    if (tooShort) return;
    create.mutate(
      { note: text.trim(), ticketId, contactId },
      {
        onSuccess: () => {
          setText('');
          setTouched(false);
          toast.success(t('tickets.toasts.noteAdded'));
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  return (
    <div className="notes">
      <InputTextarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={2}
        autoResize
        placeholder={t('tickets.drawer.notePlaceholder')}
        aria-label={t('tickets.drawer.notePlaceholder')}
        invalid={touched && tooShort}
        maxLength={4000}
        data-testid="note-input"
      />
      {touched && tooShort ? <small className="form-field__error">{t('validation.tooShort')}</small> : null}
      <Button
        type="button"
        label={t('tickets.drawer.addNote')}
        icon="pi pi-plus"
        size="small"
        onClick={add}
        loading={create.isPending}
        className="notes__add"
        data-testid="note-add"
      />
      <ul className="notes__list" data-testid="notes-list">
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="notes__item">
            <p className="notes__text">{note.note}</p>
            <div className="notes__meta">
              <span>
                {note.user.name} · {format.format(new Date(note.createdAt))}
              </span>
              {viewer.isAdmin ? (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={t('tickets.drawer.deleteNote')}
                  onClick={() =>
                    remove.mutate(note, {
                      onSuccess: () => toast.success(t('tickets.toasts.noteDeleted')),
                      onError: (error) => toast.error(error),
                    })
                  }
                />
              ) : null}
            </div>
          </li>
        ))}
        {notes.data?.length === 0 ? <li className="notes__empty">{t('tickets.drawer.noNotes')}</li> : null}
      </ul>
    </div>
  );
}
