import { type Connection, GREETING_MEDIA_MAX_BYTES } from '@switchboard/shared/contracts/connections';
import { mediaProblem } from '@switchboard/shared/media-types';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../lib/toast.tsx';
import { useRemoveGreetingMedia, useUploadGreetingMedia } from '../api/greeting-media.ts';

type GreetingMedia = Pick<Connection, 'greetingMediaAttachment' | 'greetingMediaUrl'>;

/**
 * The greeting's media of the connection being edited: uploaded or removed at once (not with the form's save). It
 * lives in the dialog, not in the general tab, so switching tabs keeps what was last answered.
 */
export function useGreetingMedia(visible: boolean, record: Connection | undefined) {
  const { t } = useTranslation();
  const toast = useToast();
  const upload = useUploadGreetingMedia();
  const remove = useRemoveGreetingMedia();
  /** the greeting media as last answered (the list catches up when it is read again) */
  const [media, setMedia] = useState<GreetingMedia | undefined>();
  const recordId = record?.id;

  useEffect(() => {
    if (visible) setMedia(undefined);
  }, [visible, recordId]);

  const shown =
    media ??
    (record
      ? { greetingMediaAttachment: record.greetingMediaAttachment ?? null, greetingMediaUrl: record.greetingMediaUrl ?? null }
      : undefined);

  const pick = (file: File | undefined) => {
    if (!file || !record) return;
    if (mediaProblem('greetingMedia', { name: file.name, mimeType: file.type || 'application/octet-stream' }))
      return toast.errorText(t('connections.dialog.media.invalid'));
    if (file.size > GREETING_MEDIA_MAX_BYTES) return toast.errorText(t('connections.dialog.media.tooLarge'));
    upload.mutate(
      { id: record.id, file },
      {
        onSuccess: (c) => {
          setMedia({ greetingMediaAttachment: c.greetingMediaAttachment ?? null, greetingMediaUrl: c.greetingMediaUrl ?? null });
          toast.success(t('connections.dialog.media.uploaded'));
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  const drop = () => {
    if (!record) return;
    remove.mutate(
      { id: record.id },
      {
        onSuccess: () => {
          setMedia({ greetingMediaAttachment: null, greetingMediaUrl: null });
          toast.success(t('connections.dialog.media.removed'));
        },
        onError: (error) => toast.error(error),
      },
    );
  };

  return {
    name: shown?.greetingMediaAttachment ?? null,
    url: shown?.greetingMediaUrl ?? null,
    uploading: upload.isPending,
    removing: remove.isPending,
    busy: upload.isPending || remove.isPending,
    pick,
    drop,
  };
}

export type GreetingMediaState = ReturnType<typeof useGreetingMedia>;
