import { describe, expect, it } from 'vitest';
import { emptyScheduleForm, isAcceptedScheduleMedia, scheduleBodyOf, validateScheduleForm } from './schedule-form.ts';

const now = new Date('2026-11-20T10:00:00.000Z');

describe('the schedule form', () => {
  it('starts one hour from now with interval 1, repeat count 1, rule 4, ticket opened then closed', () => {
    const form = emptyScheduleForm(now, { id: 3, name: 'Ana' });
    expect(form.sendAt?.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(scheduleBodyOf({ ...form, body: '  Hola Ana  ' })).toEqual({
      body: 'Hola Ana',
      contactId: 3,
      sendAt: '2026-11-20T11:00:00.000Z',
      whatsappId: null,
      ticketUserId: null,
      queueId: null,
      openTicket: 'enabled',
      statusTicket: 'closed',
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 1,
      tipoDias: 4,
      assinar: false,
    });
  });

  it('requires the body (at least 5 characters), the contact and the time', () => {
    const form = emptyScheduleForm(now);
    expect(validateScheduleForm({ ...form, sendAt: null })).toEqual({
      body: 'schedules.dialog.required',
      contact: 'schedules.dialog.required',
      sendAt: 'schedules.dialog.required',
    });
    expect(validateScheduleForm({ ...form, contact: { id: 1, name: 'A' }, body: ' Hola ' })).toEqual({
      body: 'schedules.dialog.tooShort',
    });
    expect(validateScheduleForm({ ...form, contact: { id: 1, name: 'A' }, body: 'Hola!' })).toEqual({});
  });

  it('takes png, jpg and jpeg attachments only', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg'].map((name) => isAcceptedScheduleMedia({ name }))).toEqual([true, true, true]);
    expect(['d.gif', 'e.pdf', 'png'].map((name) => isAcceptedScheduleMedia({ name }))).toEqual([false, false, false]);
  });
});
