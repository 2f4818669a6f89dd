import { envelope } from '@wings/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from './envelope';
import { AppError } from './errors';
import type { JobRunner } from './jobs/jobs';

const ZDevJobParams = z.object({ name: z.string().regex(/^[a-z][a-z0-9.-]{0,80}$/, 'must be a job name') });
const ZDevJobRun = z.object({ name: z.string(), ms: z.number().int() });

/**
 * `POST /api/dev/jobs/:name/run` (main layer, public, outside production only): runs a declared
 * job's handler once, now, in this process, as a worker would. With the development clock it lets
 * a journey (or a developer) have "the departure close" or "the accrual sweep" happen without
 * waiting for the job's next minute. 404 for a job nobody declared.
 */
export function devJobsRoutes(deps: { jobs: Pick<JobRunner, 'declared'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dev/jobs/:name/run',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          summary:
            "Development: run a declared job's handler once, now (check-in.departure-close-sweep, mileage.accrual ...)",
          params: ZDevJobParams,
          response: { 200: envelope(ZDevJobRun) },
        },
      },
      async (request) => {
        const { name } = request.params;
        const declared = deps.jobs.declared<Record<string, never>>(name);
        if (!declared) throw new AppError('notFound');
        const started = Date.now();
        await declared.handler({}, { id: `dev-${started}`, name });
        return ok({ name, ms: Date.now() - started });
      },
    );
  };
}
