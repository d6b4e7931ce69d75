import type { ErrorCode } from '@switchboard/shared/errors';

/** A failure the caller should see: a catalogue code, an optional message and extra data. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly fields?: { path: string; message: string }[];
  /** Set-Cookie values the error answer carries (e.g. clearing a dead refresh cookie) */
  readonly cookies?: string[];

  constructor(
    code: ErrorCode,
    message?: string,
    extra: { details?: unknown; fields?: { path: string; message: string }[]; cookies?: string[] } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = extra.details;
    this.fields = extra.fields;
    this.cookies = extra.cookies;
  }
}

export const isConditionalCheckFailure = (error: unknown): boolean => {
  const name = (error as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
};

/** Index of the first transaction item whose condition failed, or -1. */
/** A transaction cancelled because another one was changing the same items at that moment: safe to retry. */
export const isTransactionConflict = (error: unknown): boolean => {
  if ((error as { name?: string }).name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'TransactionConflict') && !reasons.some((r) => r.Code === 'ConditionalCheckFailed');
};

export const failedTransactionItem = (error: unknown): number => {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
};
