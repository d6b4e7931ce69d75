import { MAX_TIME_LANE_HOURS, type Tag, type TagBodyInput } from '@switchboard/shared/contracts/tags';

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
}

export interface TagFormErrors {
  name?: string;
  color?: string;
  timeLane?: string;
  nextLaneId?: string;
}

/** Spec document 2 section 9: a new tag's colour is random. `random` is injectable for tests. */
export const randomTagColor = (random: () => number = Math.random): string =>
  `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;

export const emptyTagForm = (kanban = false, random?: () => number): TagFormValues => ({
  name: '',
  color: randomTagColor(random),
  kanban,
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: '',
});

export const tagFormOf = (tag: Tag): TagFormValues => ({
  name: tag.name,
  color: tag.color,
  kanban: tag.kanban === 1,
  timeLane: tag.timeLane,
  nextLaneId: tag.nextLaneId,
  rollbackLaneId: tag.rollbackLaneId,
  greetingMessageLane: tag.greetingMessageLane,
});

/**
 * Spec document 2 section 5: a name of at least 3 characters ('Mensaje muy corto'), required ('Requerido'). A
 * lane's timer needs the lane it moves to and the other way round (the server names the same fields). i18n keys.
 */
export const validateTagForm = (v: TagFormValues): TagFormErrors => {
  const errors: TagFormErrors = {};
  const name = v.name.trim();
  if (!name) errors.name = 'tags.dialog.required';
  else if (name.length < 3) errors.name = 'tags.dialog.tooShort';
  if (!/^#[0-9a-f]{6}$/i.test(v.color)) errors.color = 'tags.dialog.required';
  if (v.kanban) {
    if (!Number.isInteger(v.timeLane) || v.timeLane < 0 || v.timeLane > MAX_TIME_LANE_HOURS)
      errors.timeLane = 'tags.dialog.timeLaneRange';
    else if (v.timeLane > 0 && v.nextLaneId === null) errors.nextLaneId = 'tags.dialog.nextLaneRequired';
    else if (v.timeLane === 0 && v.nextLaneId !== null) errors.timeLane = 'tags.dialog.timeLaneRequired';
  }
  return errors;
};

export const hasErrors = (e: TagFormErrors): boolean => Object.keys(e).length > 0;

/** The body the API takes: a plain tag sends no lane settings. */
export const tagBodyOf = (v: TagFormValues): TagBodyInput => ({
  name: v.name.trim(),
  color: v.color.toLowerCase(),
  kanban: v.kanban ? 1 : 0,
  timeLane: v.kanban ? v.timeLane : 0,
  nextLaneId: v.kanban ? v.nextLaneId : null,
  rollbackLaneId: v.kanban ? v.rollbackLaneId : null,
  greetingMessageLane: v.kanban ? v.greetingMessageLane.trim() : '',
});
