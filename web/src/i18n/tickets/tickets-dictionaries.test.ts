import { describe, expect, it } from 'vitest';
import { ticketsEn } from './en.ts';
import { ticketsEs } from './es.ts';
import { ticketsPt } from './pt.ts';
import { ticketsTr } from './tr.ts';

type Tree = { [key: string]: string | Tree };
const valueAt = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);

describe("the inbox's texts", () => {
  it("keep the specification's quoted texts verbatim in every language", () => {
    const literal: Record<string, string> = {
      'fields.queueRequired': 'Selecione uma fila',
      'drawer.tagTooShort': 'Etiqueta muy corta.',
      'messages.deletedOwn': 'Este mensaje ha sido borrado',
      'messages.deletedContact': 'Este mensaje fue borrado por el contacto',
      'mobile.ticket': 'Ticket',
      'mobile.list': 'Servicios',
      'mobile.select': 'Seleccionar Ticket',
    };
    for (const [lng, dictionary] of Object.entries({ pt: ticketsPt, es: ticketsEs, en: ticketsEn, tr: ticketsTr })) {
      for (const [key, text] of Object.entries(literal)) expect(valueAt(dictionary as Tree, key), `${lng} ${key}`).toBe(text);
    }
  });
});
