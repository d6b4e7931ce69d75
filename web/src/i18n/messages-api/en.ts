import type { MessagesApiDictionary } from './pt.ts';

/** The external API page's texts, English (see pt.ts). */
export const messagesApiEn: MessagesApiDictionary = {
  title: 'Messages API',
  subtitle: "Send messages from your systems through the company's connections",
  planRequired: 'Esta empresa no tiene permiso para acceder a esta página. Le estamos redirigiendo.',
  docs: {
    heading: 'How to send',
    intro:
      "Your systems send a text or files to a number with a connection's token. The message lands in the contact's ticket (the contact is created when unknown) and goes out through the connection like an agent's reply.",
    connection: 'Connection',
    connectionHint: "The chosen connection's token authenticates the calls; the message goes out through it.",
    loading: 'Loading connections…',
    noConnection: 'No connection with a token',
    endpoint: 'Endpoint',
    auth: 'Authentication',
    fieldsHeading: 'Fields (JSON, or multipart/form-data)',
    fields: {
      number: 'required: digits only, with country code, area code and number, without mask, + or spaces (e.g. 5511999998888)',
      body: "the text; with files, the first one's caption",
      userId: 'opens the ticket for this user',
      queueId: 'puts the ticket in this queue',
      sendSignature: "true: the user's name comes before the text (needs userId)",
      closeTicket: 'true: the ticket is closed after the send',
      medias: 'multipart: one or more files, each sent as its own message',
    },
    rulesHeading: 'Rules',
    rules: {
      idempotency:
        "Send an Idempotency-Key header to retry a call safely: the same key within 24 hours answers the first call's result and sends nothing again.",
      rateLimit:
        'Each token may make a limited number of calls per minute; past it the answer is 429 with Retry-After (seconds).',
      answer:
        'The answer carries status SUCCESS, the ticket, the contact and the recorded messages; errors carry an ERR_* code and the invalid fields.',
    },
    textExample: 'Example: text',
    mediaExample: 'Example: file',
    sampleText: 'Your order has shipped',
    sampleCaption: 'Your invoice',
    reference: 'Full API reference:',
  },
  forms: {
    textHeading: 'Try it: text message',
    mediaHeading: 'Try it: message with a file',
    token: 'Token',
    number: 'Number',
    numberHint: 'Country code, area code and number, digits only',
    body: 'Message',
    caption: 'Caption',
    file: 'File',
    send: 'Send',
    sent: 'Mensaje enviado correctamente',
    result: 'Ticket {{ticketId}} ({{status}}).',
    openTicket: 'Open the ticket',
  },
  validation: {
    required: 'Required',
    number: 'Digits only: country code, area code and number, without mask, + or spaces',
    file: 'Choose a file',
  },
};
