import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { downloadPdf, loadPdfMake } from '../../../lib/pdf-file.ts';
import { readAllMessages } from '../utils/read-all-messages.ts';
import { dateTimeFormatter, transcriptDocument, transcriptFileName, type Translate } from '../utils/transcript-pdf.ts';
import { getMessages } from './get-messages.ts';

/** The largest page GET /messages/{id} serves. */
const LARGEST_PAGE = 100;

/**
 * Downloads the ticket's conversation as `ticket-{id}.pdf`: every message, not only the pages on screen. Loaded
 * at click time, so none of this (nor the PDF library) is in the inbox's first load.
 */
export const exportTranscriptPdf = async (ticket: Ticket, t: Translate, locale: string): Promise<void> => {
  const [messages] = await Promise.all([
    readAllMessages((cursor) => getMessages(ticket.id, cursor, LARGEST_PAGE)),
    loadPdfMake(),
  ]);
  const definition = transcriptDocument({ ticket, messages, t, formatDateTime: dateTimeFormatter(locale), now: new Date() });
  await downloadPdf(definition, transcriptFileName(ticket));
};
