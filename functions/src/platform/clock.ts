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

/** Where randomizers draw their numbers in [0, 1) (a flow's randomizer node); a test fixes the draw to pick a way. */
let draw: () => number = Math.random;

export const randomNumber = (): number => draw();
export const setRandom = (r: () => number): void => {
  draw = r;
};
export const resetRandom = (): void => {
  draw = Math.random;
};

export const ids = {
  ulid: (): string => ulid(clock().now().getTime()),
  uuid: (): string => randomUUID(),
  token: (bytes = 32): string => randomBytes(bytes).toString('base64url'),
};
