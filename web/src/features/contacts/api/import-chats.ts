import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * POST /contacts/import/chats: the people of the default WhatsApp connection's chats become contacts, in the
 * background; the end comes as a `company-<id>-chatImport` frame (use-chat-import-updates.ts). Admins only.
 */
export const importChats = () => callRoute('contacts.import-chats', { body: {} });

export const useImportChats = () => useMutation({ mutationFn: importChats });
