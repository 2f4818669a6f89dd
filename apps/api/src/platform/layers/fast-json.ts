import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Fastify's fast path for a reply, fast-json-stringify, compiled once from a Zod schema turned
 * into JSON Schema by Zod itself (`z.toJSONSchema`, as the OpenAPI document shows it): what the
 * reply looks like once written (`io: 'output'`). It writes what the schema names, in its
 * order, without checking the value at run time as the Zod serializer does (about 20 times
 * slower on a search reply), so its users prove their replies against the contract in tests.
 */
export function fastJsonOf<T>(schema: ZodType<T>): (value: T) => string {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/**
 * A serializer compiler for routes whose replies are hot and built by typed code (a route
 * plugin's `setSerializerCompiler`): each route's Zod response schema through `fastJsonOf`.
 */
export const fastJsonSerializer: FastifySerializerCompiler<ZodType> = ({ schema }) => fastJsonOf(schema);
