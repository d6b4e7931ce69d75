/**
 * The least a correct design spends on each operation of `npm run bench:cost`, in DynamoDB read and write units,
 * with the reason. An item of up to 1 KB costs one write unit in the table and one more in each index it must be in;
 * a strongly consistent read of up to 4 KB costs one read unit (a query: one per 4 KB of what it reads).
 */
export interface Floor {
  label: string;
  readUnits: number;
  writeUnits: number;
  why: string;
}

export const FLOORS = {
  inboundKnown: {
    label: 'a message in an open conversation',
    readUnits: 1,
    writeUnits: 4,
    why: "W: the message (1) and its provider-id marker, which makes a redelivery a no-op (1); the ticket's last message and unread count (1) and its place in the list index by status and time (1). R: the conversation (contact and ticket) found by the channel identity (1); the connection is cached.",
  },
  inboundNew: {
    label: 'a new customer writes',
    readUnits: 2,
    writeUnits: 10,
    why: 'W: the contact (1) and its identity uniqueness item (1) and search entry (1), its id from the company counter (1), the ticket (1) in the list index (1) with its one-open-ticket guard (1) and id counter (1), the message (1) and its provider-id marker (1). R: the identity lookup (1), the connection and queue settings (1).',
  },
  reply: {
    label: "an agent's reply",
    readUnits: 2,
    writeUnits: 6,
    why: "W: the message (1), claimed for its send (1) and settled with the provider's id (1) and that id's marker (1); the ticket's last message (1) and list position (1). R: the ticket and contact the send goes to (2).",
  },
  accept: {
    label: 'accept',
    readUnits: 1,
    writeUnits: 3,
    why: 'W: the ticket (1) moving from the pending to the open list index (2: out of one key, into another). R: the ticket, to check it is still pending (1).',
  },
  transfer: {
    label: 'transfer',
    readUnits: 1,
    writeUnits: 3,
    why: "W: the ticket (1) leaving one agent's list index entry for another's (2). R: the ticket (1); the target agent is cached.",
  },
  close: {
    label: 'close',
    readUnits: 1,
    writeUnits: 3,
    why: 'W: the ticket (1) moving from the open to the closed list index (2). R: the ticket (1).',
  },
  listPage: {
    label: 'a list page of 20',
    readUnits: 3,
    writeUnits: 0,
    why: 'R: one query of the list index returning 20 tickets with their contact names (about 10 KB: 3 units).',
  },
  search: {
    label: 'a contact search',
    readUnits: 1,
    writeUnits: 0,
    why: "R: one query of the search index for the term's prefix, a page of small entries (1).",
  },
} satisfies Record<string, Floor>;
