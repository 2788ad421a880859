import type { Database } from '../../../db/client.ts';
import type { ImportDeclaration } from './import-declaration.ts';

/**
 * What `registerImportRoutes` takes of a service: the database its writes go through, and the
 * declaration. A kit service declares its import as `recordService`'s `import` option and answers it as
 * `service.importer`; a service outside the kit (users, fragrances, devices) builds it by hand.
 */
export type Importer<Body> = { db: Database; declaration: ImportDeclaration<Body> };
