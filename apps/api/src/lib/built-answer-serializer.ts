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

/** Each answer object's JSON, by the object: see `serializeOncePerObject`. */
const writtenOnce = new WeakMap<object, string>();

/**
 * As `serializeAsBuilt`, for answers shared between requests and never changed once built (a
 * configuration version, one object for every device that plays it, device-view-cache.ts): written the
 * first time, then the same text. A new version is a new object, so what was written for the old one
 * is never sent for it, and goes with its object.
 */
export const serializeOncePerObject: FastifySerializerCompiler<unknown> = () => (data) => {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = writtenOnce.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    writtenOnce.set(data, text);
  }
  return text;
};
