import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Company, User } from '@switchboard/shared/contracts/auth';
import type { Plan } from '@switchboard/shared/contracts/plans';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The verified caller of an authenticated route. The company id comes only from here. */
export interface AuthContext {
  companyId: number;
  userId: number;
  sessionId: string;
  profile: 'admin' | 'user';
  super: boolean;
  user: User;
  company: Company;
  /** the company's plan, read on first use */
  plan(): Promise<Plan>;
}

export interface RequestInfo {
  requestId: string;
  sourceIp: string;
  userAgent: string;
  cookies: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** the exact bytes received, on routes that verify them (`rawBody` in the route table); empty elsewhere */
  rawBody: Buffer;
}

/** An answer with a status, cookies or headers other than the defaults. */
export class Reply<T = unknown> {
  constructor(
    readonly body: T,
    readonly init: { status?: number; cookies?: string[]; headers?: Record<string, string>; text?: boolean } = {},
  ) {}
}

export const reply = <T>(body: T, init: { status?: number; cookies?: string[]; headers?: Record<string, string> } = {}) =>
  new Reply(body, init);

/** A plain-text answer (Meta's webhook verification echoes its challenge as the bare body). */
export const textReply = (body: string) => new Reply(body, { text: true });
