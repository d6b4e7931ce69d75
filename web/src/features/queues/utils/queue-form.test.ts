import { describe, expect, it } from 'vitest';
import { addOption, updateOption } from './chatbot-tree.ts';
import { defaultSchedules, emptyQueueForm, queueBodyOf, validateQueueForm } from './queue-form.ts';

describe('the queue form', () => {
  it('starts with the default colour and the default hours of every day', () => {
    const form = emptyQueueForm();
    expect(form.color).toBe('#7c7c7c');
    expect(defaultSchedules()).toHaveLength(7);
    expect(defaultSchedules()[0]).toMatchObject({
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
  });

  it('checks name and colour lengths, and a greeting only when the company will have more than one queue', () => {
    expect(validateQueueForm({ ...emptyQueueForm(), color: '' }, 1)).toEqual({
      name: 'validation.requiredEn',
      color: 'validation.requiredEn',
    });
    expect(validateQueueForm({ ...emptyQueueForm(), name: 'V', color: '#1' }, 1)).toEqual({
      name: 'validation.tooShort',
      color: 'validation.tooShort',
    });
    expect(validateQueueForm({ ...emptyQueueForm(), name: 'x'.repeat(51), color: '#1234567890' }, 1)).toEqual({
      name: 'validation.tooLong',
      color: 'validation.tooLong',
    });
    expect(validateQueueForm({ ...emptyQueueForm(), name: 'Vendas' }, 2)).toEqual({
      greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED',
    });
    expect(validateQueueForm({ ...emptyQueueForm(), name: 'Vendas' }, 1)).toEqual({});
  });

  it("collects the options' errors and sends rotation time 0 when rotation is off", () => {
    const chatbots = updateOption(addOption([], [], 'a'), [0], { name: 'Oi' });
    expect(validateQueueForm({ ...emptyQueueForm(), name: 'Vendas', chatbots }, 1)).toEqual({
      options: { '0': { name: 'validation.tooShort' } },
    });
    expect(queueBodyOf({ ...emptyQueueForm(), name: ' Vendas ', tempoRoteador: 15, ativarRoteador: false })).toMatchObject({
      name: 'Vendas',
      tempoRoteador: 0,
      chatbots: [],
    });
  });
});
