import {
  QUEUE_ROTATION_TIMES,
  type QueueBodyInput,
  type QueueDetails,
  type ScheduleEntry,
} from '@switchboard/shared/contracts/queues';
import { defaultWeek } from '@switchboard/shared/weekly-hours';
import { chatbotsBodyOf, draftsOf, validateTree, type OptionDraft, type OptionErrors } from './chatbot-tree.ts';

/** Spec document 2 section 9: the colour a new queue starts with. */
export const DEFAULT_QUEUE_COLOR = '#7c7c7c';

export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  firstResponseMinutes: number;
  fileListId: number | null;
  integrationId: number | null;
  schedules: ScheduleEntry[];
  chatbots: OptionDraft[];
}

export interface QueueFormErrors {
  name?: string;
  color?: string;
  greetingMessage?: string;
  options?: Record<string, OptionErrors>;
}

/** Spec document 2 section 9: every day 08:00-12:00 and 13:00-18:00 by default. */
export const defaultSchedules = (): ScheduleEntry[] => defaultWeek();

export const emptyQueueForm = (): QueueFormValues => ({
  name: '',
  color: DEFAULT_QUEUE_COLOR,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  closeTicket: false,
  ativarRoteador: false,
  tempoRoteador: 0,
  firstResponseMinutes: 0,
  fileListId: null,
  integrationId: null,
  schedules: defaultSchedules(),
  chatbots: [],
});

export const queueFormOf = (q: QueueDetails, key: () => string): QueueFormValues => ({
  name: q.name,
  color: q.color,
  greetingMessage: q.greetingMessage,
  outOfHoursMessage: q.outOfHoursMessage,
  orderQueue: q.orderQueue,
  closeTicket: q.closeTicket,
  ativarRoteador: q.ativarRoteador,
  tempoRoteador: (QUEUE_ROTATION_TIMES as readonly number[]).includes(q.tempoRoteador) ? q.tempoRoteador : 0,
  firstResponseMinutes: q.firstResponseMinutes ?? 0,
  fileListId: q.fileListId,
  integrationId: q.integrationId,
  schedules: q.schedules.length ? q.schedules : defaultSchedules(),
  chatbots: draftsOf(q.chatbots, key),
});

/**
 * Spec document 2 section 5: name 2 to 50 and colour 3 to 9 characters, both required; a greeting when the company
 * will have more than one queue (`queuesAfterSave`); option names of at least 4 characters and their targets.
 * Answers i18n keys.
 */
export const validateQueueForm = (v: QueueFormValues, queuesAfterSave: number): QueueFormErrors => {
  const errors: QueueFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'validation.requiredEn';
  else if (name.length < 2) errors.name = 'validation.tooShort';
  else if (name.length > 50) errors.name = 'validation.tooLong';
  const color = v.color.trim();
  if (!color) errors.color = 'validation.requiredEn';
  else if (color.length < 3) errors.color = 'validation.tooShort';
  else if (color.length > 9) errors.color = 'validation.tooLong';
  if (queuesAfterSave > 1 && !v.greetingMessage.trim()) errors.greetingMessage = 'errors.ERR_WAPP_GREETING_REQUIRED';
  const options = validateTree(v.chatbots);
  if (Object.keys(options).length) errors.options = options;
  return errors;
};

export const hasErrors = (e: QueueFormErrors): boolean => Boolean(e.name || e.color || e.greetingMessage || e.options);

/** The body of POST and PUT /queue; the hours go too when their tab is hidden, so a save never loses them. */
export const queueBodyOf = (v: QueueFormValues): QueueBodyInput => ({
  name: v.name.trim(),
  color: v.color.trim(),
  greetingMessage: v.greetingMessage,
  outOfHoursMessage: v.outOfHoursMessage,
  orderQueue: v.orderQueue,
  closeTicket: v.closeTicket,
  ativarRoteador: v.ativarRoteador,
  tempoRoteador: v.ativarRoteador ? v.tempoRoteador : 0,
  firstResponseMinutes: v.firstResponseMinutes,
  fileListId: v.fileListId,
  integrationId: v.integrationId,
  schedules: v.schedules,
  chatbots: chatbotsBodyOf(v.chatbots),
});
