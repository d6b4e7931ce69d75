/** Injectable time and randomness, so rules about windows and due dates are tested with a fixed clock. */
import { randomBytes, randomUUID } from 'node:crypto';
import { ulid } from 'ulid';

export interface Clock {
  now(): Date;
}

let current: Clock = { now: () => new Date() };

export const clock = (): Clock => current;
export const setClock = (c: Clock): void => {
  current = c;
};
export const resetClock = (): void => {
  current = { now: () => new Date() };
};

export const ids = {
  ulid: (): string => ulid(clock().now().getTime()),
  uuid: (): string => randomUUID(),
  token: (bytes = 32): string => randomBytes(bytes).toString('base64url'),
};
