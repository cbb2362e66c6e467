import type { FastifyInstance } from 'fastify';

/**
 * `storageProblem` says why the database cannot be written, or null. Only the embedded database's
 * own disk is reported: a shared PostgreSQL outage affects every instance alike (README).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { storageProblem: () => Promise<string | null> },
) {
  app.get('/healthz', async (_request, reply) => {
    const problem = await options.storageProblem();
    if (problem === null) return { ok: true };
    return reply.status(503).send({ ok: false, error: `The database cannot be written: ${problem}` });
  });
}
