import { createVisitorBody } from '@switchboard/shared/contracts/webchat';

/** The widget's first screen: name required (2 to 60), e-mail and phone optional but valid when given. */
export interface VisitorFormValues {
  name: string;
  email: string;
  phone: string;
}

export type VisitorFormErrors = Partial<Record<keyof VisitorFormValues, string>>;

const messageKeys: Record<string, string> = {
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
  'Invalid phone': 'widget.start.invalidPhone',
};

export const validateVisitor = (v: VisitorFormValues): VisitorFormErrors => {
  const errors: VisitorFormErrors = {};
  if (v.name.trim() === '') errors.name = 'widget.start.nameRequired';
  for (const field of ['name', 'email', 'phone'] as const) {
    if (errors[field]) continue;
    const value = field === 'name' ? v.name : v[field].trim();
    const result = createVisitorBody.shape[field].safeParse(value);
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? '';
      errors[field] = messageKeys[message] ?? message;
    }
  }
  return errors;
};

export const visitorBodyOf = (v: VisitorFormValues) => ({ name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() });
