import { describe, expect, it } from 'vitest';
import { substituteVariables, variableToken } from './message-variables.ts';

const values = { name: 'Ana Souza', firstName: 'Ana', number: '5511999990000', 'queue.name': 'Vendas' };

describe('substituteVariables', () => {
  it('replaces the documented {{name}} form, with or without spaces inside', () => {
    expect(substituteVariables('Olá {{firstName}}, {{ name }}!', values)).toBe('Olá Ana, Ana Souza!');
  });

  it('accepts the older ${name} and {name} forms and triple braces', () => {
    expect(substituteVariables('${firstName} / {name} / {{{number}}} / ${queue.name}', values)).toBe(
      'Ana / Ana Souza / 5511999990000 / Vendas',
    );
  });

  it('reads the campaign names nome and numero as name and number', () => {
    expect(substituteVariables('{nome} {{numero}}', values)).toBe('Ana Souza 5511999990000');
  });

  it('leaves unknown variables and plain braces as written, and inserts values as plain text', () => {
    expect(substituteVariables('{{unknown}} ${x} {y} { } {a b}', values)).toBe('{{unknown}} ${x} {y} { } {a b}');
    expect(substituteVariables('<b>{{name}}</b> & co', { name: 'A & B' })).toBe('<b>A & B</b> & co');
    expect(substituteVariables('no variables', values)).toBe('no variables');
  });

  it('does not substitute inside a substituted value', () => {
    expect(substituteVariables('{{name}}', { name: '{{firstName}}', firstName: 'x' })).toBe('{{firstName}}');
  });

  it('writes a variable in the one offered syntax', () => {
    expect(variableToken('firstName')).toBe('{{firstName}}');
  });
});
