import { describe, expect, it } from 'vitest';
import { greetingFor, renderVariables, type VariableContext } from './message-variables.ts';

const ctx: VariableContext = {
  contactName: 'Maria da Silva',
  userName: 'Ana',
  ticketId: 42,
  queueName: 'Vendas',
  connectionName: 'Chat do site',
  now: new Date('2026-03-05T14:07:09.123Z'),
  timeZone: 'UTC',
};

describe('renderVariables', () => {
  it('substitutes every variable of the spec', () => {
    const text =
      '{{ms}} {{firstName}} ({{name}}), {{userName}} of {{queue}} on {{connection}}: ticket {{ticket_id}} {{date}} {{hour}} #{{protocol}}';
    expect(renderVariables(text, ctx)).toBe(
      'Boa tarde Maria (Maria da Silva), Ana of Vendas on Chat do site: ticket 42 05-03-2026 14:07:09 #20260305070912342',
    );
  });

  it('leaves unknown variables and plain text alone and does not escape HTML', () => {
    expect(renderVariables('{{unknown}} & <b>{{name}}</b>', ctx)).toBe('{{unknown}} & <b>Maria da Silva</b>');
    expect(renderVariables('no variables', ctx)).toBe('no variables');
  });

  it('accepts the older ${name} and {name} forms in greetings and quick replies', () => {
    expect(renderVariables('Olá ${firstName}, fila {queue}', ctx)).toBe('Olá Maria, fila Vendas');
  });

  it('follows the time zone for the greeting', () => {
    expect(renderVariables('{{ms}}', { ...ctx, timeZone: 'America/Sao_Paulo' })).toBe('Bom dia');
    expect(greetingFor(6)).toBe('Bom dia');
    expect(greetingFor(18)).toBe('Boa noite');
    expect(greetingFor(3)).toBe('Boa madrugada');
  });
});
