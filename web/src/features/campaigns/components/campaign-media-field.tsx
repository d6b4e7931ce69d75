import { acceptAttribute, mediaProblem } from '@switchboard/shared/media-types';
import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';

const MEDIA_ACCEPT = acceptAttribute('message');

/** The campaign's attachment: its name, and while the settings are editable, buttons to attach or remove one. */
export function CampaignMediaField({
  mediaName,
  editable,
  pending,
  onPick,
  onRemove,
}: {
  mediaName: string | null;
  editable: boolean;
  pending: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="campaign-form__media">
      <i className="pi pi-paperclip" aria-hidden="true" />
      <span className="campaign-form__media-name" data-testid="campaign-media-name">
        {mediaName ?? t('campaigns.dialog.noAttachment')}
      </span>
      {editable ? (
        <>
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={t('campaigns.dialog.attach')}
            onClick={() => fileInput.current?.click()}
            disabled={pending}
            data-testid="campaign-attach"
          />
          {mediaName ? (
            <Button
              type="button"
              size="small"
              text
              severity="danger"
              icon="pi pi-trash"
              label={t('campaigns.dialog.removeMedia')}
              onClick={onRemove}
              disabled={pending}
              data-testid="campaign-remove-media"
            />
          ) : null}
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={MEDIA_ACCEPT}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file && mediaProblem('message', { name: file.name, mimeType: file.type }))
                toast.warn(t('campaigns.dialog.fileRefused', { name: file.name }));
              else if (file) onPick(file);
              e.target.value = '';
            }}
            data-testid="campaign-file"
          />
        </>
      ) : null}
    </div>
  );
}
