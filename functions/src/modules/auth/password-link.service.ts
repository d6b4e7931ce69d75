/**
 * The one-time link to set a password (`/forgetpsw?email=&token=`): mailed when a user forgot theirs, and to the
 * first admin of a company the super user created without a password, who chooses their own with it. Apart from
 * the rest of the auth service so that the companies function, which sends the second, carries no sign-in code.
 */
import { hashSecret } from '../../platform/auth/tokens.ts';
import { clock, ids } from '../../platform/clock.ts';
import { config } from '../../platform/config.ts';
import { mailer } from '../../platform/ports/mailer.ts';
import { findUser, type UserRecord } from '../user-records/user-lookup.service.ts';
import { putReset } from './auth.repository.ts';

const RESET_TOKEN_TTL_SECONDS = 60 * 60;
/** A new admin may read the mail days later; a stale link is replaced through "forgot password". */
const SETUP_TOKEN_TTL_SECONDS = 3 * 24 * 60 * 60;

const mails = {
  reset: (name: string, link: string) => ({
    subject: 'Redefinição de senha',
    text: `Olá ${name},\n\nPara definir uma nova senha, abra o link abaixo (válido por 1 hora):\n${link}\n\nSe você não pediu, ignore esta mensagem.`,
  }),
  setup: (name: string, link: string) => ({
    subject: 'Sua conta foi criada',
    text: `Olá ${name},\n\nSua conta de administrador foi criada. Para escolher sua senha, abra o link abaixo (válido por 3 dias):\n${link}\n\nSe o link expirar, peça outro em "Esqueceu a senha?" na página de entrada.`,
  }),
} as const;

/** Stores a new token for the user (replacing any earlier one) and mails its link. */
export const mailPasswordLink = async (record: UserRecord, purpose: keyof typeof mails): Promise<void> => {
  const token = ids.token(32);
  const ttl = purpose === 'setup' ? SETUP_TOKEN_TTL_SECONDS : RESET_TOKEN_TTL_SECONDS;
  await putReset(record.email, {
    companyId: record.companyId,
    userId: record.id,
    tokenHash: hashSecret(token),
    expiresAt: Math.floor(clock().now().getTime() / 1000) + ttl,
  });
  const link = `${config().PUBLIC_URL}/forgetpsw?email=${encodeURIComponent(record.email)}&token=${encodeURIComponent(token)}`;
  await mailer().send({ to: record.email, ...mails[purpose](record.name, link) });
};

/** Mails a user created without a password of their own the link to choose one. */
export const mailPasswordSetup = async (companyId: number, userId: number): Promise<void> => {
  const record = await findUser(companyId, userId);
  if (record) await mailPasswordLink(record, 'setup');
};
