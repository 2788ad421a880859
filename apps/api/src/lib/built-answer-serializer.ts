import type { FastifySerializerCompiler } from 'fastify';

/**
 * A route's answer written as it is, without passing it through its zod schema first. For the device
 * routes only, whose answers the service builds field by field (the shapes are the contract's types, so
 * the compiler checks them) and which a fleet calls tens of thousands of times a minute: the schema's
 * pass over 20 capsules is a share of such a request's CPU, and it would only copy the same fields. The
 * schemas still document the answers (OpenAPI), and test/device-answers-shape.test.ts checks that each
 * answer is exactly what its schema allows, nothing stripped or converted.
 */
export const serializeAsBuilt: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
