import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTION_MAX_ROWS } from '../utils/message-rules.ts';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { formatSize } from '../../../lib/format.ts';

export interface Attachment {
  file: Blob;
  name: string;
}

function Preview({ attachment }: { attachment: Attachment }) {
  const url = useMemo(() => URL.createObjectURL(attachment.file), [attachment.file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const type = attachment.file.type;
  if (type.startsWith('image/')) return <img className="attachment-preview__image" src={url} alt={attachment.name} />;
  if (type.startsWith('video/')) return <video className="attachment-preview__image" src={url} controls />;
  if (type.startsWith('audio/')) return <audio src={url} controls />;
  return (
    <div className="media-file">
      <i className="pi pi-file" aria-hidden="true" />
      <span className="media-file__name">{attachment.name}</span>
    </div>
  );
}

/** Files about to be sent, with a caption of up to 5 rows that goes with the first one. */
export function AttachmentDialog({
  attachments,
  initialCaption = '',
  sending,
  onSend,
  onHide,
}: {
  attachments: Attachment[];
  /** the caption the dialog opens with (a quick reply's text) */
  initialCaption?: string;
  sending: boolean;
  onSend: (caption: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState(initialCaption);
  // while the dialog closes it keeps showing the files it had, not an empty dialog for 0 files
  const [lastShown, setLastShown] = useState(attachments);
  if (attachments.length > 0 && attachments !== lastShown) setLastShown(attachments);
  const shown = attachments.length > 0 ? attachments : lastShown;
  // each new set of files starts from the caption it came with
  useEffect(() => {
    if (attachments.length > 0) setCaption(initialCaption);
  }, [attachments, initialCaption]);
  return (
    <Dialog
      visible={attachments.length > 0}
      onHide={onHide}
      header={t('tickets.attachments.title', { count: shown.length })}
      className="inbox-dialog inbox-dialog--wide"
      footer={
        <DialogActions
          onCancel={onHide}
          confirm={{
            label: t('tickets.input.send'),
            icon: 'pi pi-send',
            loading: sending,
            onClick: () => onSend(caption),
            testId: 'attachment-send',
          }}
        />
      }
    >
      <div className="attachment-preview">
        <ul className="attachment-preview__list">
          {shown.map((a, i) => (
            <li key={i} className="attachment-preview__item">
              <Preview attachment={a} />
              <span className="attachment-preview__meta">
                {a.name} · {formatSize(a.file.size)}
              </span>
            </li>
          ))}
        </ul>
        <div className="form-field">
          <label htmlFor="attachment-caption">{t('tickets.attachments.caption')}</label>
          <InputTextarea
            id="attachment-caption"
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            rows={1}
            autoResize
            maxLength={4096}
            className="attachment-preview__caption"
            style={{ maxHeight: `${CAPTION_MAX_ROWS * 1.5 + 1.5}rem` }}
            data-testid="attachment-caption"
          />
        </div>
      </div>
    </Dialog>
  );
}
