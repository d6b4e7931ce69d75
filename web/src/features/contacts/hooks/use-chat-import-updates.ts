import { useTranslation } from 'react-i18next';
import { channelOf } from '../../../lib/realtime-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useToast } from '../../../lib/toast.tsx';

/** The end of a chat import (told to admins only) as a toast with its count; the list follows the contacts' own frames. */
export const useChatImportUpdates = (companyId: number, enabled: boolean): void => {
  const { t } = useTranslation();
  const toast = useToast();
  useRealtimeEvent(enabled ? channelOf('chatImport', companyId) : undefined, (frame) => {
    if (frame.action === 'importChats')
      toast.success(t('contacts.chatImport.done', { created: frame.created, total: frame.total }));
  });
};
