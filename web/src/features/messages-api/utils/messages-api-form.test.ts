import { describe, expect, it } from 'vitest';
import {
  curlMediaExample,
  curlTextExample,
  sendEndpoint,
  tokenChoices,
  validateMediaForm,
  validateTextForm,
} from './messages-api-form.ts';

describe('the documented calls', () => {
  it('point at this address and carry the chosen token', () => {
    expect(sendEndpoint('https://app.example.com')).toBe('https://app.example.com/api/v1/messages/send');
    const text = curlTextExample('https://app.example.com', 'tok123');
    expect(text).toContain("'https://app.example.com/api/v1/messages/send'");
    expect(text).toContain("'Authorization: Bearer tok123'");
    expect(text).toContain('"number":"5511999998888"');
    expect(curlMediaExample('https://app.example.com', 'tok123')).toContain("-F 'medias=@invoice.pdf;type=application/pdf'");
  });

  it('carry the sample texts in the language shown, the call itself unchanged', () => {
    expect(curlTextExample('http://x', 't', 'Seu pedido foi enviado')).toContain('"body":"Seu pedido foi enviado"');
    expect(curlMediaExample('http://x', 't', 'Sua fatura')).toContain("-F 'body=Sua fatura'");
  });

  it('quote a token so that the shell reads it as one word', () => {
    expect(curlTextExample('http://x', "a'b")).toContain(`'Authorization: Bearer a'\\''b'`);
  });
});

describe('the test forms', () => {
  it('need token, number and body for a text', () => {
    expect(validateTextForm({ token: '', number: '', body: ' ' })).toEqual({
      token: 'messagesApi.validation.required',
      number: 'messagesApi.validation.required',
      body: 'messagesApi.validation.required',
    });
    expect(validateTextForm({ token: 't', number: '5511999998888', body: 'hi' })).toEqual({});
  });

  it.each(['+5511999998888', '(11) 99999-8888', '55 11 999998888', '1234567'])(
    'refuse the masked or short number %j',
    (number) => {
      expect(validateTextForm({ token: 't', number, body: 'hi' }).number).toBe('messagesApi.validation.number');
    },
  );

  it('need a file for media, the caption being optional', () => {
    expect(validateMediaForm({ token: 't', number: '5511999998888', body: '', file: null })).toEqual({
      file: 'messagesApi.validation.file',
    });
    expect(validateMediaForm({ token: 't', number: '5511999998888', body: '', file: new File(['x'], 'a.pdf') })).toEqual({});
  });
});

describe('tokenChoices', () => {
  it('offers connections with a token, the default first', () => {
    expect(
      tokenChoices([
        { id: 1, name: 'Site', token: 'a', isDefault: false, channel: 'webchat' },
        { id: 2, name: 'Loja', token: null, isDefault: false, channel: 'whatsapp' },
        { id: 3, name: 'Vendas', token: 'c', isDefault: true, channel: 'whatsapp' },
      ]),
    ).toEqual([
      { id: 3, label: 'Vendas (whatsapp)', token: 'c' },
      { id: 1, label: 'Site (webchat)', token: 'a' },
    ]);
  });
});
