/** Spec document 1, sections 2 and 9: list rows cut the contact name over 60 characters and the last message over 40. */
export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;
/** Quick reply labels are cut at 90 characters (section 9). */
export const QUICK_REPLY_LABEL_MAX = 90;

/** The text itself when it fits, otherwise its first `max` characters followed by an ellipsis. */
export const truncate = (text: string, max: number): string => {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
};
