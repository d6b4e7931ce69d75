/**
 * Test data: a WhatsApp connection as POST /whatsapp writes it (record, connection set and session items in one
 * transaction), with a chosen id so a test can address its sessions; its session is meant to run.
 */
import { randomBytes } from 'node:crypto';
import type { ConnectionRecord } from '../../../functions/src/modules/connections/connection.entity.ts';
import { insertConnection, readConnectionSet } from '../../../functions/src/modules/connections/connections.repository.ts';
import { newSessionItems } from '../../../functions/src/modules/connections/whatsapp-session.repository.ts';

export const insertWhatsappConnection = async (
  companyId: number,
  id: number,
  isDefault = true,
): Promise<{ companyId: number; connectionId: number }> => {
  const at = new Date().toISOString();
  const record: ConnectionRecord = {
    id,
    companyId,
    name: 'Vendas',
    channel: 'whatsapp',
    status: 'OPENING',
    number: null,
    isDefault,
    allowGroup: false,
    groupAsTicket: 'disabled',
    // each token has its own marker: one per connection
    token: randomBytes(24).toString('base64url').slice(0, 30),
    queueIds: [],
    greetingMessage: '',
    complationMessage: '',
    outOfHoursMessage: '',
    timeCreateNewTicket: 0,
    color: '#2563eb',
    createdAt: at,
    updatedAt: at,
  } as unknown as ConnectionRecord;
  const { rev } = await readConnectionSet(companyId);
  if ((await insertConnection(record, { rev, clearDefault: [] }, newSessionItems(companyId, id, at))) !== 'ok')
    throw new Error(`connection ${companyId}/${id} not written`);
  return { companyId, connectionId: id };
};
