/**
 * The jobs queue's dispatcher: modules register the job types they own (campaign sends, flow interval steps,
 * scheduled messages, ticket expiry, ...) with a zod schema and a function; each body that arrives on the
 * `jobs` queue is parsed against the registered types and run by the function of its `type`.
 * Producers enqueue with `enqueueJob` (now, or up to 15 minutes later) or `scheduleJob` (any later time).
 */
import { z } from 'zod';
import { queue, scheduler } from '../../platform/ports/ports.ts';

export interface JobContext {
  messageId: string;
  /** 1 on the first delivery; job functions must be idempotent since deliveries repeat */
  receiveCount: number;
  sentAt: Date;
  /** ms left before the function times out (from the Lambda context); absent where no timeout is known */
  remainingTimeMs?: () => number;
}

export type JobFunction<J> = (job: J, context: JobContext) => Promise<void>;

/** The body of a job on the queue: its `type` plus the fields of that type's schema. */
export type JobBody = { type: string } & Record<string, unknown>;

export class UnknownJobTypeError extends Error {
  constructor(readonly jobType: unknown) {
    super(`Unknown job type ${JSON.stringify(jobType)}`);
    this.name = 'UnknownJobTypeError';
  }
}

export class InvalidJobError extends Error {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'InvalidJobError';
  }
}

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

interface Registration {
  schema: AnyObjectSchema;
  run: JobFunction<never>;
}

export class JobRegistry {
  private readonly registrations = new Map<string, Registration>();
  private union: z.ZodType<JobBody> | undefined;

  /** Adds a job type; `schema` describes the job's fields besides `type`. A type is registered once. */
  register<T extends string, S extends AnyObjectSchema>(type: T, schema: S, run: JobFunction<z.output<S> & { type: T }>): void {
    if (this.registrations.has(type)) throw new Error(`Job type ${type} is already registered`);
    this.registrations.set(type, { schema: schema.extend({ type: z.literal(type) }), run: run as JobFunction<never> });
    this.union = undefined;
  }

  unregister(type: string): void {
    this.registrations.delete(type);
    this.union = undefined;
  }

  types(): string[] {
    return [...this.registrations.keys()].sort();
  }

  /** Parses a queue body into a registered job, or throws InvalidJobError / UnknownJobTypeError. */
  parse(body: string): JobBody {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new InvalidJobError('Job body is not JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new InvalidJobError('Job body is not an object');
    const type = (value as { type?: unknown }).type;
    if (typeof type !== 'string' || !this.registrations.has(type)) throw new UnknownJobTypeError(type);
    const parsed = this.jobSchema().safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new InvalidJobError(
        `Invalid ${type} job: ${issues.map((i) => `${i.path || '(body)'}: ${i.message}`).join('; ')}`,
        issues,
      );
    }
    return parsed.data;
  }

  /** Parses the body and runs its job; a failure throws, so the message is retried and finally dead-lettered. */
  async run(body: string, context: JobContext): Promise<void> {
    const job = this.parse(body);
    const registration = this.registrations.get(job.type);
    if (!registration) throw new UnknownJobTypeError(job.type);
    await (registration.run as JobFunction<JobBody>)(job, context);
  }

  private jobSchema(): z.ZodType<JobBody> {
    if (!this.union) {
      const [first, ...rest] = [...this.registrations.values()].map((r) => r.schema);
      if (!first) throw new UnknownJobTypeError(undefined);
      this.union = z.discriminatedUnion('type', [first, ...rest]) as unknown as z.ZodType<JobBody>;
    }
    return this.union;
  }
}

/** The registry the jobs Lambda dispatches with. */
export const jobRegistry = new JobRegistry();

export const registerJob = <T extends string, S extends AnyObjectSchema>(
  type: T,
  schema: S,
  run: JobFunction<z.output<S> & { type: T }>,
): void => jobRegistry.register(type, schema, run);

/** Puts a job on the jobs queue, to run now or after `delaySeconds` (at most 900). */
export const enqueueJob = async (job: JobBody, options: { delaySeconds?: number } = {}): Promise<{ messageId: string }> =>
  queue().send('jobs', { body: JSON.stringify(job), ...(options.delaySeconds ? { delaySeconds: options.delaySeconds } : {}) });

/** Runs a job at `at` through the Scheduler; scheduling `name` again replaces the earlier one. */
export const scheduleJob = async (name: string, at: Date, job: JobBody): Promise<void> =>
  scheduler().schedule({ name, at, payload: job });

export const cancelScheduledJob = async (name: string): Promise<void> => scheduler().cancel(name);
